// What both halves of the example plugin share: its endpoints, its live event and socket message,
// and the field it adds to the user object.
import Type, { type Static } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';
import { socketMessage } from '../../kernel/contract/realtime.ts';

export const Greeting = Type.Object({ greeting: Type.String(), count: Type.Integer({ minimum: 0 }) });
export type Greeting = Static<typeof Greeting>;

/** GET /api/hello.php: the site's greeting and how often members greeted on this site. */
export const getGreeting = endpoint({ method: 'GET', path: '/api/hello.php', access: 'visitor', response: Greeting });

/** POST /api/hello.php: the member greets back (stored in the plugin's own table). */
export const greet = endpoint({
  method: 'POST', path: '/api/hello.php', access: 'member',
  body: Type.Object({ note: Type.Optional(Type.String({ maxLength: 40 })) }, { additionalProperties: false }),
  response: Greeting,
});

/** A tab says hello over its socket; the server answers every tab of the member with `hello:pong`. */
export const ping = socketMessage({ type: 'hello:ping', schema: Type.Object({ type: Type.Literal('hello:ping') }) });

declare module '../../kernel/contract/realtime.ts' {
  interface RealtimeEvents { 'hello:pong': { greetings: number } }
}
declare module '../../plugins/auth/contract.ts' {
  interface UserFields { hello_greetings: number }
}
