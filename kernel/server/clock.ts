/**
 * The server's notion of "now". Expiry and scheduled jobs read it, so a test (or the test hooks of
 * an end-to-end run) can move time forward without waiting days.
 */
export interface Clock {
  now(): Date;
  advance(ms: number): void;
}

export function createClock(): Clock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) { offset += ms; },
  };
}
