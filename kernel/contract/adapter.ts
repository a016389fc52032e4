/**
 * The one place where the code tells the compiler "trust me" (`as unknown as`): boundaries where a
 * value's type is known by construction but cannot be proved to TypeScript. Each function here
 * says which boundary it is and why its cast holds; the architecture test refuses `as unknown as`
 * anywhere else in product code.
 */
import type { RouteOptions } from 'fastify';

/**
 * Registers a route whose handler was typed from an endpoint contract (kernel/server/endpoints.ts).
 * The handler's request and reply types come from the same schemas the route is registered with,
 * but a generic endpoint's conditional types cannot be matched to fastify's route generics.
 */
export function routeAdapter(app: { route(opts: RouteOptions): unknown }, opts: Omit<RouteOptions, 'handler'> & { handler: unknown }): void {
  app.route(opts as unknown as RouteOptions);
}

/**
 * Sends JSON made ahead (a cached answer, e.g. settings.php's per site) through a reply typed by
 * its endpoint's answer: fastify sends a string with a JSON content type as it is, and the string
 * was made from a value of that type. Returns the reply, which an async handler must return after
 * sending (else fastify, when the compressor has not finished yet, sends an empty answer itself).
 */
export function sendPrepared<R extends { type(t: string): unknown }>(reply: R, json: string): R {
  (reply.type('application/json; charset=utf-8') as unknown as { send(payload: string): unknown }).send(json);
  return reply;
}

/**
 * An open modal's component, rendered by the kernel's modal host with the props it was opened with
 * (kept in the store as plain data): `openModal(id, props)` took exactly the props the modal with
 * that id declared (ModalProps), so they are the component's, though the store cannot say which.
 */
export function modalComponent<P>(load: () => Promise<{ default: import('react').ComponentType<P> }>):
  () => Promise<{ default: import('react').ComponentType<{ close(): void; props: object }> }> {
  return load as unknown as () => Promise<{ default: import('react').ComponentType<{ close(): void; props: object }> }>;
}

/**
 * Declares a request property that the kernel's onRequest hook sets before any handler runs
 * (`req.site`): fastify wants every request property declared up front with an initial value, and
 * the only honest initial value (null) is not of the property's type.
 */
export function decorateRequestLater(app: { decorateRequest(name: string, value: null): unknown }, name: string): void {
  app.decorateRequest(name, null);
}
