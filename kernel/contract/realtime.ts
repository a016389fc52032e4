import type { Static, TSchema } from 'typebox';

/**
 * Live events the server pushes to a member's open tabs, by type. Each owner declares its own in
 * its contract.ts by declaration merging, so `publish` on the server and the listeners in the
 * browser agree on every payload:
 *
 *   declare module '../../kernel/contract/realtime.ts' {
 *     interface RealtimeEvents { 'chat:message': { message: ChatMessage } }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RealtimeEvents {}

export type RealtimeEventType = keyof RealtimeEvents & string;
/** One event as it travels: `{ type, ...payload }`; without a type argument, the union of all. */
export type RealtimeEvent<K extends RealtimeEventType = RealtimeEventType> = K extends RealtimeEventType ? { type: K } & RealtimeEvents[K] : never;

/**
 * A message a tab sends over its socket (typing, presence): its type and the schema the server
 * checks every frame against before a handler sees it (frames are hostile input).
 */
export interface SocketMessageDef<T extends string = string, S extends TSchema = TSchema> { type: T; schema: S }
export const socketMessage = <const T extends string, const S extends TSchema>(def: SocketMessageDef<T, S>): SocketMessageDef<T, S> => def;
/** What a socket message carries besides its type. */
export type SocketPayload<D> = D extends SocketMessageDef<string, infer S> ? Static<S> : never;
