/**
 * Gives the browser a turn between pieces of boot work, so that each piece is its own short task
 * (input and paint are never held up behind the whole boot; Lighthouse counts long tasks as
 * blocking time). `scheduler.yield()` resumes ahead of other tasks where the browser has it.
 */
export function yieldToMain(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof s?.yield === 'function') return s.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `fn` once the browser has painted the current frame: a click's own feedback (the pressed
 * link, a spinner) shows at once, and the heavy work it starts (rendering the next page) runs in a
 * later task. Interaction to Next Paint measures up to that first paint.
 */
export function afterNextPaint(fn: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
    setTimeout(fn, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(fn, 0));
}
