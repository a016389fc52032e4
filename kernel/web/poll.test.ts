import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Bus } from './bus.ts';
import { POLL_DELAY_MS, startPolling } from './poll.ts';
import type { WebKernel } from './plugin.ts';

describe('polling', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('polls 5 s after start, then every 60 s, every 300 s once slowed down, only when logged in, until disposed', async () => {
    const bus = new Bus();
    const state = { loggedIn: true, pollSeconds: 60 };
    const polls: number[] = [];
    bus.on('poll', () => polls.push(Date.now()));
    const dispose = startPolling({ bus, appState: state } as unknown as Pick<WebKernel, 'bus' | 'appState'>);
    await vi.advanceTimersByTimeAsync(POLL_DELAY_MS - 1);
    expect(polls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(polls).toHaveLength(3);
    state.pollSeconds = 300;
    await vi.advanceTimersByTimeAsync(60_000); // the pending 60 s tick, then 300 s
    expect(polls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(299_000);
    expect(polls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(polls).toHaveLength(5);
    state.loggedIn = false;
    await vi.advanceTimersByTimeAsync(300_000);
    expect(polls).toHaveLength(5);
    dispose();
    state.loggedIn = true;
    await vi.advanceTimersByTimeAsync(900_000);
    expect(polls).toHaveLength(5);
  });
});
