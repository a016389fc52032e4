import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing.ts';

declare module './jobs.ts' {
  interface JobPayloads { 'kernel:stop-test': { n: number } }
}

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ plugins: [], profiles: 0, demo: false }); });
afterAll(async () => { await t?.close(); });

describe('jobs: stopping an instance', () => {
  it('finishes the job under way, hands the rest of its batch back to the queue at once, and claims nothing more', async () => {
    const kind = 'kernel:stop-test';
    const ran: number[] = [];
    let release!: () => void;
    const first = new Promise<void>((resolve) => { release = resolve; });
    let started!: () => void;
    const running = new Promise<void>((resolve) => { started = resolve; });
    t.kernel.jobs.handle(kind, async ({ n }) => {
      ran.push(n);
      if (n === 1) { started(); await first; }
    });
    const ids = [];
    for (const n of [1, 2, 3]) ids.push(await t.kernel.jobs.enqueue(kind, { n }, { runAt: new Date(t.kernel.clock.now().getTime() - (4 - n) * 1000) }));
    const drained = t.kernel.jobs.runDue({ periodic: 'none' });
    await running;
    // The signal comes while job 1 runs (jobs 2 and 3 are claimed with it, not begun).
    const stopped = t.kernel.jobs.stop();
    release();
    await stopped;
    expect(await drained).toBe(1);
    expect(ran).toEqual([1]);
    const rows = await t.kernel.db.selectFrom('kernel_jobs').select(['id', 'attempts', 'locked_until', 'done_at']).where('id', 'in', ids).orderBy('id').execute();
    expect(rows.map((r) => [r.done_at !== null, Number(r.attempts), r.locked_until])).toEqual([[true, 1, null], [false, 0, null], [false, 0, null]]);
    // Stopped: due work stays for the other instances.
    expect(await t.kernel.jobs.runDue({ periodic: 'none' })).toBe(0);
    expect(ran).toEqual([1]);
    expect((await t.kernel.jobs.queueStats()).find((s) => s.kind === kind)).toMatchObject({ due: 2 });
  });
});
