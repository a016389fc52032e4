/**
 * Typed references to services: the plugin that offers a service exports its ref from its
 * `server.ts` (e.g. `export const authRef = serviceRef<AuthService>('auth')`), provides the
 * object under it in `init`, and plugins that require it look it up by the same ref, so the type
 * travels with the ref and no caller casts. The kernel never knows what the services are.
 */
export interface ServiceRef<T> {
  /** `<plugin>` or `<plugin>:<name>`: the plugin that provides it comes first. */
  readonly id: string;
  /** Carries the type only; never set. */
  readonly type?: T;
}
/** A service a plugin uses when its plugin is there (the plugin is in `optional`). */
export interface OptionalRef<T> extends ServiceRef<T> { readonly optional: true }

export const serviceRef = <T>(id: string): ServiceRef<T> => Object.freeze({ id });
export const optional = <T>(ref: ServiceRef<T>): OptionalRef<T> => Object.freeze({ id: ref.id, optional: true });
/** The plugin that provides a service. */
export const ownerOf = (ref: ServiceRef<unknown>) => ref.id.split(':')[0];

export class Services {
  private readonly map = new Map<string, unknown>();
  provide<T>(ref: ServiceRef<T>, service: T): void {
    if (this.map.has(ref.id)) throw new Error(`service ${ref.id} already provided`);
    this.map.set(ref.id, service);
  }
  /** A service that may be absent (its plugin not installed). */
  find<T>(ref: ServiceRef<T>): T | undefined {
    return this.map.get(ref.id) as T | undefined;
  }
  get<T>(ref: ServiceRef<T>): T {
    if (!this.map.has(ref.id)) throw new Error(`service ${ref.id} is not available`);
    return this.map.get(ref.id) as T;
  }
}
