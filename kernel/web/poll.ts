import type { WebKernel } from './plugin.ts';

export const POLL_DELAY_MS = 5_000;

/** Emits `poll` for logged-in members 5 s after start, then every `pollSeconds` (read anew each time). */
export function startPolling(kernel: Pick<WebKernel, 'bus' | 'appState'>) {
  let timer: ReturnType<typeof setTimeout>;
  const tick = () => {
    if (kernel.appState.loggedIn) kernel.bus.emit('poll', { at: Date.now() });
    timer = setTimeout(tick, kernel.appState.pollSeconds * 1000);
  };
  timer = setTimeout(tick, POLL_DELAY_MS);
  return () => clearTimeout(timer);
}
