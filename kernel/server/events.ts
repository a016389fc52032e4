import type { DB } from './db.ts';
import type { SiteSettings } from '../contract/settings.ts';

/**
 * What happened in one plugin that others may act on (a signup, an activation, a payment), declared
 * by the plugin that emits it, by declaration merging:
 *
 *   declare module '../../kernel/server/events.ts' {
 *     interface ServerEvents { 'signup:completed': { userId: number; domain: string } }
 *   }
 *
 * Handlers run in the emitter's transaction: what they write (an attribution event, a postback
 * job) commits or rolls back with what caused it, so nothing is told twice and nothing is lost.
 * The emitter names the site it happened on (resolved before its transaction: nothing may wait on
 * another connection inside one, PGlite has a single one); a plugin's handler hears only of
 * events of sites where it is on.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ServerEvents {}
export type ServerEventName = keyof ServerEvents & string;
export type ServerEventHandler<K extends ServerEventName> = (payload: ServerEvents[K], trx: DB, site: SiteSettings) => Promise<void>;

export interface Events {
  on<K extends ServerEventName>(name: K, handler: ServerEventHandler<K>): void;
  /**
   * Runs every handler of `name`, one after the other, in `trx` (a handler that throws fails the
   * emitter's transaction); `site`: where it happened.
   */
  emit<K extends ServerEventName>(name: K, payload: ServerEvents[K], trx: DB, site: SiteSettings): Promise<void>;
}

export function createEvents(): Events {
  const handlers = new Map<string, ((payload: unknown, trx: DB, site: SiteSettings) => Promise<void>)[]>();
  return {
    on(name, handler) {
      const list = handlers.get(name) ?? [];
      // Emitted with this name, so the payload is this event's.
      list.push((payload, trx, site) => handler(payload as Parameters<typeof handler>[0], trx, site));
      handlers.set(name, list);
    },
    async emit(name, payload, trx, site) {
      for (const h of handlers.get(name) ?? []) await h(payload, trx, site);
    },
  };
}
