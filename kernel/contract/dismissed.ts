// Which alerts a browser has dismissed, as both halves read it: the browser keeps the keys in a
// cookie beside its own record (kernel/web/dismissals.ts), so the server renders a page without an
// alert that the browser would hide, and with one it would show (kernel/web/layouts/Slots.tsx).

/** The cookie: dismissal keys joined by ".". */
export const DISMISSED_COOKIE = 'dismissed';
/** Its boot data name (`kernel.bootData`), written by the server for members. */
export const DISMISSED_BOOT = 'dismissed';

const KEY = /^[a-z0-9-]{1,40}$/;
/** More than the site has alerts and modals to dismiss; the rest of a forged value is ignored. */
const MAX_KEYS = 32;

/** The keys a cookie value names: only well-formed ones, each once, at most MAX_KEYS. */
export function dismissedKeys(value: string | null | undefined): string[] {
  if (!value || value.length > 2000) return [];
  return [...new Set(value.split('.').filter((k) => KEY.test(k)))].slice(0, MAX_KEYS);
}
