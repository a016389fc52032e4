import type { AppEvents } from '../contract/events.ts';

type Handler<T> = (payload: T) => void;

/** A typed publish/subscribe bus; `on` returns its own unsubscribe. */
export class Bus<E extends object = AppEvents> {
  private handlers = new Map<keyof E, Set<Handler<never>>>();

  on<K extends keyof E>(event: K, handler: Handler<E[K]>): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler as Handler<never>);
    return () => void set!.delete(handler as Handler<never>);
  }

  emit<K extends keyof E>(event: K, payload: E[K]): void {
    for (const h of [...(this.handlers.get(event) ?? [])]) {
      try {
        (h as Handler<E[K]>)(payload);
      } catch (err) {
        console.error(`bus handler for ${String(event)} failed`, err);
      }
    }
  }
}
