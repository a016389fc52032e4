import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0 }); });
afterAll(async () => { await t?.close(); });

describe('server kernel', () => {
  it('answers health with the database engine', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('serves every site setting of the spec, per domain', async () => {
    const res = await t.call({ method: 'GET', url: '/api/settings.php', headers: { host: 'localhost:3000' } });
    const s = res.json().settings;
    for (const key of ['countries', 'name', 'index_title', 'description', 'visible_profile_fields', 'visible_profile_notes',
      'geoip_country', 'geoip_selected_country', 'cdn_prefix', 'message_credits', 'photo_credits', 'gift_credits',
      'signup_credits', 'message_length', 'minimum_message_costs', 'support_email', 'support_phone', 'enable_site_entry_popup',
      'push_public_key', 'search_fields', 'domain', 'domain_language', 'fictional_warning', 'fictional_singular',
      'fictional_plural', 'fictional_icon', 'refund_days', 'signups', 'logged_out_search', 'logged_out_search_trafficsource',
      'member_resell', 'niche', 'company_id', 'mail_name', 'plugins']) {
      expect(s, key).toHaveProperty(key);
    }
    expect(s).toMatchObject({ domain: 'localhost', domain_language: 'en-GB', niche: 1 });
    expect(s.plugins).toEqual(expect.arrayContaining(['members']));

    const de = (await t.call({ method: 'GET', url: '/api/settings.php?forced_domain=www.de.localhost' })).json().settings;
    expect(de).toMatchObject({ domain: 'de.localhost', domain_language: 'de-DE', name: 'FlirtHaven Deutschland' });
    const she = (await t.call({ method: 'GET', url: '/api/settings.php', headers: { host: 'she.localhost' } })).json().settings;
    expect(she.niche).toBe(2);
  });

  it('takes the visitor country from the browser language when no proxy tells it', async () => {
    const s = (await t.call({ method: 'GET', url: '/api/settings.php', headers: { 'accept-language': 'de-AT,de;q=0.9' } })).json().settings;
    expect(s).toMatchObject({ geoip_country: 'AT', geoip_selected_country: 'AT' });
    const far = (await t.call({ method: 'GET', url: '/api/settings.php', headers: { 'accept-language': 'ja-JP' } })).json().settings;
    expect(far.geoip_selected_country).toBe(far.countries[0]);
  });

  it('accepts whatever query the page carried along', async () => {
    const res = await t.call({ method: 'GET', url: '/api/settings.php?forced_domain=localhost&x=1&x=2&network=abc&sub1=' });
    expect(res.statusCode).toBe(200);
  });

  it('rejects a bad forced domain with a 400 naming the problem', async () => {
    const res = await t.call({ method: 'GET', url: '/api/settings.php?forced_domain=<script>' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_input' });
    expect(res.json().message).toMatch(/^querystring\/forced_domain must match pattern/);
    expect(res.json().params).toEqual({ field: 'forced_domain' });
  });

  it('demands the client header and a JSON body on state-changing requests', async () => {
    const noHeader = await t.app.inject({ method: 'POST', url: '/api/user.php', payload: { email: 'a@b.c', password: 'x' } });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().error).toBe('client_header_required');
    const form = await t.app.inject({ method: 'POST', url: '/api/user.php', headers: { 'x-request-type': 'client', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=a' });
    expect(form.statusCode).toBe(415);
    const broken = await t.app.inject({ method: 'POST', url: '/api/user.php', headers: { 'x-request-type': 'client', 'content-type': 'application/json' }, payload: '{"email":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toHaveProperty('error');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nothing.php' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('switches a plugin off per domain: its routes answer 404 there only', async () => {
    await t.kernel.sites.update('nomembers.localhost', { plugins: ['auth'] });
    const off = await t.call({ method: 'GET', url: '/api/interests.php', headers: { host: 'nomembers.localhost' } });
    expect(off.statusCode).toBe(404);
    expect(off.json().error).toBe('feature_disabled');
    const settings = (await t.call({ method: 'GET', url: '/api/settings.php', headers: { host: 'nomembers.localhost' } })).json().settings;
    expect(settings.plugins).toEqual(['auth']);
    expect((await t.call({ method: 'GET', url: '/api/interests.php' })).statusCode).toBe(200);
  });

  it('runs migrations once: a second run applies nothing', async () => {
    const { runMigrations } = await import('./migrations.ts');
    const { serverPlugins } = await import('../../plugins/server.ts');
    const applied = await runMigrations(t.kernel.db, serverPlugins.map((p) => ({ owner: p.id, migrations: p.migrations ?? [] })));
    expect(applied).toEqual([]);
  });
});
