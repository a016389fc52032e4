import { useEffect } from 'react';
import { ApiError } from './api.ts';
import { useKernel } from './context.ts';
import { LOGIN_ROUTE } from '../contract/routes.ts';

/** When a page's data needs a login (403 authentication_required), go to login and come back after. */
export function useLoginRedirect(error: unknown) {
  const { router } = useKernel();
  useEffect(() => {
    if (error instanceof ApiError && error.code === 'authentication_required' && router.has(LOGIN_ROUTE)) {
      router.navigate(LOGIN_ROUTE, {}, { redirect: location.pathname + location.search }, { replace: true });
    }
  }, [error, router]);
}
