import { useEffect } from 'react';
import { ApiError } from './api.ts';
import { useKernel, useRegistry } from './context.ts';

/** When a page's data needs a login (403 authentication_required), go to login and come back after. */
export function useLoginRedirect(error: unknown) {
  const { router } = useKernel();
  const login = useRegistry().serving('login')?.name;
  useEffect(() => {
    if (error instanceof ApiError && error.code === 'authentication_required' && login) {
      router.navigate(login, {}, { redirect: location.pathname + location.search }, { replace: true });
    }
  }, [error, router, login]);
}
