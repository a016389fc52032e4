/**
 * A tiny typed service registry: a plugin offers an object under its id in `init`, plugins that
 * require it look it up. The kernel never knows what the services are.
 */
export class Services {
  private readonly map = new Map<string, unknown>();
  provide<T>(id: string, service: T): void {
    if (this.map.has(id)) throw new Error(`service ${id} already provided`);
    this.map.set(id, service);
  }
  /** A service that may be absent (its plugin not installed). */
  find<T>(id: string): T | undefined {
    return this.map.get(id) as T | undefined;
  }
  get<T>(id: string): T {
    if (!this.map.has(id)) throw new Error(`service ${id} is not available`);
    return this.map.get(id) as T;
  }
}
