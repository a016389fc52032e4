import { Suspense, useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useKernel, useRegistry } from './context.ts';
import { ErrorBoundary } from './ui/ErrorBoundary.tsx';
import { ProgressBar } from './ui/ProgressBar.tsx';
import { Spinner } from './ui/Spinner.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import { layouts } from './layouts/Layouts.tsx';
import { lazyOf } from './lazy.ts';

/** The progress bar alone observes the loading count: a chunk or a load starting re-renders only it. */
const LoadingBar = observer(function LoadingBar() {
  const { appState } = useKernel();
  return <ProgressBar active={appState.loading > 0} />;
});

/** Calls `then` once, after React has committed the first (hydrating) render. */
function Committed({ then }: { then?: () => void }) {
  useEffect(() => then?.(), [then]);
  return null;
}

/**
 * The current route's page inside its layout; a failing page shows the error page, never a blank.
 * `onHydrated`: what the browser adds to a page the server rendered, once it is hydrated (the same
 * tree on both sides, so the ids React makes match).
 */
export const App = observer(function App({ onHydrated }: { onHydrated?: () => void }) {
  const { appState } = useKernel();
  const registry = useRegistry();
  const { route, pageError } = appState;
  const def = registry.routes.find((r) => r.name === route.name);
  const name = def?.layout ?? 'default';
  // The kernel's layouts, or one a plugin adds (loaded with its chunk).
  const own = registry.layout(name);
  const Layout = own ? lazyOf(own.component, own.plugin) : (layouts[name as keyof typeof layouts] ?? layouts.default);
  let body;
  if (pageError || !def) {
    body = <ErrorPage status={pageError?.status ?? 404} message={pageError?.message} />;
  } else {
    const Page = lazyOf(def.page, def.plugin);
    body = (
      <ErrorBoundary resetKey={route.path} fallback={(e) => <ErrorPage message={e.message} />}>
        <Suspense fallback={<Spinner />}>
          <Page params={route.params} query={route.query} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  return (
    <>
      <LoadingBar />
      <Suspense fallback={<Spinner />}><Layout>{body}</Layout></Suspense>
      <Committed then={onHydrated} />
    </>
  );
});
