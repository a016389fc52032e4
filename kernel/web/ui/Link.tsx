import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useKernel } from '../context.ts';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: string;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
};

/** A real link (works with a middle click) that navigates in-app on a plain click. */
export function Link({ to, params, query, onClick, ...rest }: Props) {
  const { router } = useKernel();
  const href = router.href(to, params, query);
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    router.go(href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}
