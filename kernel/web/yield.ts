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
