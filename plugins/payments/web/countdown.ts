// Countdowns of discounts (the welcome time bonus, a welcome or code discount's end): the server
// says how many seconds are left when the page asks; the page counts down from that moment.
import { useEffect, useReducer } from 'react';

const TICK_MS = 1000;

/** Seconds left of `seconds` counted from `startedAt` (ms, Date.now()) at `now`; never below 0. */
export function secondsLeft(seconds: number, startedAt: number, now: number): number {
  const elapsed = Math.floor(Math.max(0, now - startedAt) / TICK_MS);
  return Math.max(0, Math.floor(seconds) - elapsed);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** hours:minutes:seconds, each zero-padded to two digits (hours may grow past 99): 03:59:07. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/**
 * The seconds left, re-rendered every 1000 ms (aligned to `startedAt`, so a page opened later shows
 * the same second as one open since the start). Stops at 0 and calls `onZero` once.
 */
export function useCountdown(seconds: number, startedAt: number, onZero?: () => void): number {
  // A counter rather than the time as state: a tick always re-renders, even within the same millisecond.
  const [tick, next] = useReducer((n: number) => n + 1, 0);
  const left = secondsLeft(seconds, startedAt, Date.now());
  useEffect(() => {
    if (left <= 0) {
      onZero?.();
      return;
    }
    const into = Math.max(0, Date.now() - startedAt) % TICK_MS;
    const timer = setTimeout(next, TICK_MS - into);
    return () => clearTimeout(timer);
  }, [tick, left <= 0, seconds, startedAt]); // eslint-disable-line react-hooks/exhaustive-deps
  return left;
}
