import { createContext, useContext } from 'react';
import type { WebKernel } from './plugin.ts';
import type { Registry } from './registry.ts';

export interface KernelContextValue { kernel: WebKernel; registry: Registry }

export const KernelContext = createContext<KernelContextValue | null>(null);

export function useKernel(): WebKernel {
  const v = useContext(KernelContext);
  if (!v) throw new Error('useKernel outside KernelContext');
  return v.kernel;
}

export function useRegistry(): Registry {
  const v = useContext(KernelContext);
  if (!v) throw new Error('useRegistry outside KernelContext');
  return v.registry;
}
