import { useEffect } from 'react';
import { useKernel } from '../../../kernel/web/context.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';
import type { PageProps } from '../../../kernel/web/plugin.ts';
import { pageFor } from './StaticPage.tsx';

const complaints = routeRef('complaints');
const StaticComplaints = pageFor('complaints');

/**
 * /pages/complaints: the complaints form (/complaints, the complaints plugin) took its place; old
 * links go there. Where that plugin is off for the domain, the static page still says how to complain.
 */
export default function ComplaintsRedirect(props: PageProps) {
  const kernel = useKernel();
  const target = kernel.router.resolve(complaints);
  useEffect(() => { if (target) kernel.router.go(target, { replace: true }); }, [kernel, target]);
  return target ? null : <StaticComplaints {...props} />;
}
