import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import { addMember } from '../../testing.ts';

// members.php is put together from each member's JSON made ahead (the search cache): that JSON is
// written from the contract's schema, so a field the code adds by mistake never leaves the server.
const made = vi.hoisted(() => ({ summaries: 0 }));
vi.mock('./queries.ts', async (original) => {
  const m = await original<typeof import('./queries.ts')>();
  return { ...m, toSummary: (...args: Parameters<typeof m.toSummary>) => {
    made.summaries++;
    return { ...m.toSummary(...args), email: 'leaked@example.com', stray: true };
  } };
});

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 40 }); });
afterAll(() => t?.close());

describe('members.php answers only what its contract declares', () => {
  it('drops fields the code adds to a profile summary, from the cache and from SQL alike', async () => {
    const m = await addMember(t);
    for (const page of [1, 2]) {
      const res = await t.call({ method: 'GET', url: `/api/members.php?page=${page}`, cookie: m.cookie });
      expect(res.statusCode).toBe(200);
      const { profiles } = res.json() as { profiles: Record<string, unknown>[] };
      if (page === 1) expect(profiles.length).toBeGreaterThan(0);
      for (const p of profiles) {
        expect(p).toHaveProperty('name');
        expect(p).not.toHaveProperty('email');
        expect(p).not.toHaveProperty('stray');
      }
    }
    // The summaries did carry the stray fields on their way.
    expect(made.summaries).toBeGreaterThan(0);
  });
});

describe('members.php compressed', () => {
  it('sends the whole prepared answer when it is compressed in a stream (over 8 KiB on a 2-core machine), never an empty body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/members.php', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as { profiles: unknown[] };
    expect(body.profiles.length).toBe(24);
    expect(brotliDecompressSync(res.rawPayload).length).toBeGreaterThan(8192);
  });
});
