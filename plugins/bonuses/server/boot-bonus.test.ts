// The member's time bonus rides in the HTML (boot data `time-bonus`), so the strip is in the first
// paint and in a server-rendered page instead of arriving with an API answer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import type { BootData } from '../../../kernel/contract/boot.ts';
import type { TimeBonus } from '../contract.ts';

let t: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'flirt-dist-'));
beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  t = await createTestApp({ profiles: 0, distDir: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const bonusIn = (html: string) => {
  const m = /<script type="application\/json" id="boot">([^]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no boot block');
  return (JSON.parse(m[1]) as BootData).data['time-bonus'] as TimeBonus | null;
};

describe('time bonus in the HTML', () => {
  it("carries a new member's bonus as timebonus.php answers it", async () => {
    const m = await addMember(t);
    await t.kernel.db.updateTable('users').set({ signup_date: t.kernel.clock.now() }).where('id', '=', m.id).execute();
    const api = (await t.call({ method: 'GET', url: '/api/timebonus.php', cookie: m.cookie })).json() as TimeBonus;
    expect(api.visible).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: '/members', headers: { cookie: m.cookie } });
    const carried = bonusIn(page.body)!;
    expect(carried.code).toEqual(api.code && { ...api.code, ends_in: carried.code!.ends_in });
    expect(Math.abs(carried.remaining - api.remaining)).toBeLessThanOrEqual(1);
  });

  it('carries nothing for a visitor, and an ended bonus as not visible', async () => {
    expect(bonusIn((await t.app.inject({ method: 'GET', url: '/' })).body)).toBeNull();
    const m = await addMember(t);
    await t.kernel.db.updateTable('users').set({ signup_date: new Date(t.kernel.clock.now().getTime() - 5 * 3600_000) }).where('id', '=', m.id).execute();
    const page = await t.app.inject({ method: 'GET', url: '/members', headers: { cookie: m.cookie } });
    expect(bonusIn(page.body)).toMatchObject({ visible: false, remaining: 0 });
  });
});
