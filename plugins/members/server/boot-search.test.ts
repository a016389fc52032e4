import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import type { BootData } from '../../../kernel/contract/boot.ts';

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

const searchIn = (html: string) => {
  const m = /<script type="application\/json" id="boot">([^]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no boot block');
  return (JSON.parse(m[1]) as BootData).data['members-search'];
};

describe('first search page in the HTML', () => {
  it('carries the unfiltered first page on /members (and / for members), as members.php answers it', async () => {
    const viewer = await addMember(t, { gender: 'male' });
    await addMember(t, { gender: 'female', name: 'Ewa' });
    const api = await t.call({ method: 'GET', url: '/api/members.php?page=1', cookie: viewer.cookie });
    for (const url of ['/members', '/']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie } });
      expect(searchIn(page.body), url).toEqual(api.json());
    }
  });

  it('leaves filtered addresses, other pages and visitors on / to the API', async () => {
    const viewer = await addMember(t);
    for (const url of ['/members?country=DE', '/members?page=2', '/login']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie } });
      expect(searchIn(page.body), url).toBeNull();
    }
    expect(searchIn((await t.app.inject({ method: 'GET', url: '/' })).body)).toBeNull();
  });
});
