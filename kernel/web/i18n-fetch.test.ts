import { afterEach, describe, expect, it, vi } from 'vitest';

// The built app asks the server for texts (FLIRT_BROWSER) and knows from the build which namespaces
// have any (FLIRT_TEXT_NAMESPACES): a namespace without texts is never asked for, and an answer the
// loader does not use is cancelled, so no request stays open.
async function builtI18n(withTexts: string) {
  vi.resetModules();
  vi.stubEnv('FLIRT_BROWSER', '1');
  vi.stubEnv('FLIRT_TEXT_NAMESPACES', withTexts);
  return import('./i18n.ts');
}
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('texts in the built app', () => {
  it('asks only for namespaces that have texts; one without is empty at once', async () => {
    const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify({ hello: 'Hallo' }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const { createI18n } = await builtI18n('kernel,chat');
    const i18n = await createI18n('de', { kernel: {} }, ['kernel']);
    await i18n.loadNamespaces(['credits', 'chat']);
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/texts.php?lang=de&ns=chat']);
    expect(i18n.hasResourceBundle('de', 'credits')).toBe(true);
    expect(i18n.t('chat:hello')).toBe('Hallo');
  });

  it('cancels the body of an answer it does not use (404 or an error)', async () => {
    const cancelled: string[] = [];
    const answer = (status: number, ns: string) => new Response(new ReadableStream({
      start(c) { c.enqueue(new TextEncoder().encode('{"error":"not_found"}')); },
      cancel() { cancelled.push(ns); },
    }), { status });
    vi.stubGlobal('fetch', vi.fn(async (url: string) => answer(url.includes('ns=chat') ? 404 : 503, new URL(url, 'http://x').searchParams.get('ns')!)));
    const { createI18n } = await builtI18n('kernel,chat,likes');
    const i18n = await createI18n('en', { kernel: {} }, ['kernel']);
    await i18n.loadNamespaces(['chat']);
    await i18n.loadNamespaces(['likes']).catch(() => {});
    await vi.waitFor(() => expect(cancelled.sort()).toEqual(expect.arrayContaining(['chat', 'likes'])));
  });
});
