import type { IAnyModelType, Instance } from 'mobx-state-tree';

/**
 * A typed reference to one plugin's store slice: the owner declares it next to its model
 * (`export const chatSlice = storeSlice('chat', ChatStore)`) and puts it in its manifest's
 * `store`; readers say `chatSlice.of(kernel)` and get the instance type, no cast at the call site.
 */
export interface StoreSlice<M extends IAnyModelType = IAnyModelType> {
  readonly key: string;
  readonly model: M;
  of(holder: { readonly store: Readonly<Record<string, unknown>> }): Instance<M>;
}

export function storeSlice<M extends IAnyModelType>(key: string, model: M): StoreSlice<M> {
  return {
    key,
    model,
    of(holder) {
      const slice = holder.store[key];
      if (!slice) throw new Error(`store slice ${key} is not loaded (is its plugin switched off?)`);
      return slice as Instance<M>;
    },
  };
}
