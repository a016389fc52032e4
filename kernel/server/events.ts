import type { DB } from './db.ts';

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
 * A payload naming a `domain` reaches a plugin's handler only where that plugin is on.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ServerEvents {}
export type ServerEventName = keyof ServerEvents & string;
export type ServerEventHandler<K extends ServerEventName> = (payload: ServerEvents[K], trx: DB) => Promise<void>;

export interface Events {
  on<K extends ServerEventName>(name: K, handler: ServerEventHandler<K>): void;
  /** Runs every handler of `name`, one after the other, in `trx` (a handler that throws fails the emitter's transaction). */
  emit<K extends ServerEventName>(name: K, payload: ServerEvents[K], trx: DB): Promise<void>;
}

export function createEvents(): Events {
  const handlers = new Map<string, ((payload: unknown, trx: DB) => Promise<void>)[]>();
  return {
    on(name, handler) {
      const list = handlers.get(name) ?? [];
      // Emitted with this name, so the payload is this event's.
      list.push((payload, trx) => handler(payload as Parameters<typeof handler>[0], trx));
      handlers.set(name, list);
    },
    async emit(name, payload, trx) {
      for (const h of handlers.get(name) ?? []) await h(payload, trx);
    },
  };
}
