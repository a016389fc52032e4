import type { CreditsOffer } from '../contract.ts';

/**
 * The offer a server-rendered /credits carried (boot data `credits-offer`), kept per kernel (the
 * server renders several pages at once) until the page has shown it once: opened again later, the
 * page asks credits.php for a fresh one.
 */
const carried = new WeakMap<object, CreditsOffer>();

export const carryOffer = (kernel: object, offer: CreditsOffer) => { carried.set(kernel, offer); };
export const carriedOffer = (kernel: object): CreditsOffer | null => carried.get(kernel) ?? null;
export const dropCarriedOffer = (kernel: object) => { carried.delete(kernel); };
