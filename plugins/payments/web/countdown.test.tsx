import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { formatCountdown, secondsLeft, useCountdown } from './countdown.ts';

describe('countdown formatting', () => {
  it('shows hours:minutes:seconds, each zero-padded', () => {
    expect(formatCountdown(14_399)).toBe('03:59:59');
    expect(formatCountdown(3_600)).toBe('01:00:00');
    expect(formatCountdown(61)).toBe('00:01:01');
    expect(formatCountdown(9)).toBe('00:00:09');
    expect(formatCountdown(0)).toBe('00:00:00');
    // Hours past 99 stay whole; nothing below zero; fractions count as the second they are in.
    expect(formatCountdown(100 * 3600 + 5)).toBe('100:00:05');
    expect(formatCountdown(-4)).toBe('00:00:00');
    expect(formatCountdown(59.7)).toBe('00:00:59');
  });

  it('counts whole seconds from the moment the server answered, never below 0', () => {
    expect(secondsLeft(100, 1_000, 1_000)).toBe(100);
    expect(secondsLeft(100, 1_000, 1_999)).toBe(100);
    expect(secondsLeft(100, 1_000, 2_000)).toBe(99);
    expect(secondsLeft(100, 1_000, 101_000)).toBe(0);
    expect(secondsLeft(100, 1_000, 500_000)).toBe(0);
    // A clock set back does not add time.
    expect(secondsLeft(100, 1_000, 0)).toBe(100);
  });
});

function Clock({ seconds, startedAt, onZero }: { seconds: number; startedAt: number; onZero?(): void }) {
  const left = useCountdown(seconds, startedAt, onZero);
  return <p>{formatCountdown(left)}</p>;
}

describe('useCountdown', () => {
  beforeEach(() => { vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') }); });
  afterEach(() => { cleanup(); vi.useRealTimers(); });

  it('ticks every 1000 ms and calls onZero once at zero', () => {
    const onZero = vi.fn();
    render(<Clock seconds={3} startedAt={Date.now()} onZero={onZero} />);
    expect(screen.getByText('00:00:03')).toBeTruthy();
    act(() => { vi.advanceTimersByTime(999); });
    expect(screen.getByText('00:00:03')).toBeTruthy();
    act(() => { vi.advanceTimersByTime(1); });
    expect(screen.getByText('00:00:02')).toBeTruthy();
    act(() => { vi.advanceTimersByTime(1000); });
    expect(screen.getByText('00:00:01')).toBeTruthy();
    expect(onZero).not.toHaveBeenCalled();
    act(() => { vi.advanceTimersByTime(1000); });
    expect(screen.getByText('00:00:00')).toBeTruthy();
    expect(onZero).toHaveBeenCalledTimes(1);
    act(() => { vi.advanceTimersByTime(5000); });
    expect(onZero).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the same second as a clock started earlier: it counts from the start, not from mounting', () => {
    const start = Date.now();
    vi.advanceTimersByTime(2_500);
    render(<Clock seconds={14_400} startedAt={start} />);
    expect(screen.getByText('03:59:58')).toBeTruthy();
    // The next tick comes at the start's next whole second (500 ms later), then every 1000 ms.
    act(() => { vi.advanceTimersByTime(500); });
    expect(screen.getByText('03:59:57')).toBeTruthy();
    act(() => { vi.advanceTimersByTime(1000); });
    expect(screen.getByText('03:59:56')).toBeTruthy();
  });
});
