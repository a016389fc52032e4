import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { stringify } from './qs.ts';

// The real qs (superagent's dependency; it has no types of its own).
const qs = createRequire(import.meta.url)('qs') as { stringify(object: unknown, options: object): string };

describe("the browser's stand-in for qs", () => {
  it('writes what qs writes with the options superagent passes', () => {
    const samples: unknown[] = [
      { a: 1, b: 'two words', c: 'ä&=?' },
      { list: [1, 2, 3], none: null, gone: undefined, yes: true },
      { nested: { x: 1, y: [2, 3] }, 'odd key': 'v' },
      { when: new Date(Date.UTC(2026, 10, 29, 8, 0, 0)) },
      {},
    ];
    for (const s of samples) expect(stringify(s)).toBe(qs.stringify(s, { indices: false, strictNullHandling: true }));
  });
});
