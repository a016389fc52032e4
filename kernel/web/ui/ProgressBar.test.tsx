import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { ProgressBar, PROGRESS_THROTTLE_MS } from './ProgressBar.tsx';

describe('progress bar', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('stays hidden for loads shorter than the 200 ms throttle', () => {
    const { container, rerender } = render(<ProgressBar active />);
    act(() => { vi.advanceTimersByTime(PROGRESS_THROTTLE_MS - 50); });
    rerender(<ProgressBar active={false} />);
    act(() => { vi.advanceTimersByTime(1000); });
    expect(container.querySelector('[role=progressbar]')).toBeNull();
  });

  it('appears for longer loads and completes then hides when done', () => {
    const { container, rerender } = render(<ProgressBar active />);
    act(() => { vi.advanceTimersByTime(PROGRESS_THROTTLE_MS + 10); });
    expect(container.querySelector('[role=progressbar]')).not.toBeNull();
    rerender(<ProgressBar active={false} />);
    expect((container.querySelector('[role=progressbar]') as HTMLElement).style.width).toBe('100%');
    act(() => { vi.advanceTimersByTime(800); });
    expect(container.querySelector('[role=progressbar]')).toBeNull();
  });
});
