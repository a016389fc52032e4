// react-i18next imports useSyncExternalStore from the `use-sync-external-store/shim` package (for
// React 17); React 19 has it built in, so the browser builds take React's own (rsbuild.config.ts).
export { useSyncExternalStore } from 'react';
