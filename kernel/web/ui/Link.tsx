import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useKernel } from '../context.ts';
import type { RouteRef } from '../../contract/routes.ts';
import { afterNextPaint } from '../yield.ts';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & {
  /** One of the plugin's own route names, or a ref to another plugin's route (hidden when that plugin is off). */
  to: string | RouteRef;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
};

/** A real link (works with a middle click) that navigates in-app on a plain click. */
export function Link({ to, params, query, onClick, ...rest }: Props) {
  const { router } = useKernel();
  const href = typeof to === 'string' ? router.href(to, params, query) : router.resolve(to, params, query);
  if (href == null) return null;
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    // The click paints first (its :active look), then the next page renders in its own task.
    afterNextPaint(() => router.go(href));
  };
  return <a href={href} onClick={handle} {...rest} />;
}
