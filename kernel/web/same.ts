/**
 * Whether two JSON values (API answers) hold the same data. Polls bring the same answer most of the
 * time: a store that replaced its frozen value with an equal copy would re-render every component
 * observing it, on every poll, for nothing.
 */
export function sameData(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
