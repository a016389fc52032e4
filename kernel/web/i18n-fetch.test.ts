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

describe('a namespace the page carries only the labels of', () => {
  it('is loaded whole when a part of its plugin asks for it, and only then', async () => {
    const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify({ nav: { terms: 'AGB' }, terms: { title: 'Allgemeine Geschäftsbedingungen' } }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { createI18n, ensureNamespaces, holdsPartly } = await builtI18n('kernel,pages');
    const i18n = await createI18n('de', { kernel: {}, pages: { nav: { terms: 'AGB' } } }, ['kernel'], { partial: ['pages'] });
    // The footer's label is enough for the layout: no request.
    await ensureNamespaces(i18n, ['kernel'], ['pages']);
    expect(fetch).not.toHaveBeenCalled();
    expect(i18n.t('pages:nav.terms')).toBe('AGB');
    expect(holdsPartly(i18n, 'pages')).toBe(true);
    // The terms page itself: the rest comes.
    await ensureNamespaces(i18n, ['pages']);
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/texts.php?lang=de&ns=pages']);
    expect(i18n.t('pages:terms.title')).toBe('Allgemeine Geschäftsbedingungen');
    expect(holdsPartly(i18n, 'pages')).toBe(false);
    await ensureNamespaces(i18n, ['pages']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('is not loaded to whoever asks i18next itself, and i18next loads it whole (a plugin\'s toast, useTranslation)', async () => {
    const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify({ nav: 'Konto', reactivated: 'Willkommen zurück!' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { createI18n } = await builtI18n('kernel,account');
    const i18n = await createI18n('de', { kernel: {}, account: { nav: 'Konto' } }, ['kernel'], { partial: ['account'] });
    expect(i18n.hasLoadedNamespace('account')).toBe(false);
    expect(i18n.hasLoadedNamespace('kernel')).toBe(true);
    await Promise.all([i18n.loadNamespaces('account'), i18n.loadNamespaces(['account', 'kernel'])]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(i18n.t('account:reactivated')).toBe('Willkommen zurück!');
    expect(i18n.hasLoadedNamespace('account')).toBe(true);
  });

  it('stays partial in the page\'s language after a switch to another language and back', async () => {
    const fetch = vi.fn(async (url: string) => new Response(JSON.stringify(url.includes('ns=pages') ? { nav: { terms: 'x' }, terms: { title: 'T' } } : {}), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { createI18n, ensureNamespaces } = await builtI18n('kernel,pages');
    const i18n = await createI18n('de', { kernel: {}, pages: { nav: { terms: 'AGB' } } }, ['kernel'], { partial: ['pages'] });
    await i18n.changeLanguage('en');
    expect(i18n.t('pages:terms.title')).toBe('T');
    await i18n.changeLanguage('de');
    fetch.mockClear();
    await ensureNamespaces(i18n, ['pages']);
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/texts.php?lang=de&ns=pages']);
  });
});

describe('labels whose texts fail to load', () => {
  it('show their keys instead of suspending again and again', async () => {
    const fetch = vi.fn(async (_url: string) => new Response('{"error":"unavailable"}', { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    const { createI18n } = await builtI18n('kernel,likes');
    vi.resetModules();
    const { useTexts } = await import('./texts.ts');
    const { renderHook, waitFor } = await import('@testing-library/react');
    const { Suspense, createElement } = await import('react');
    const { I18nextProvider } = await import('react-i18next');
    const i18n = await createI18n('en', { kernel: {} }, ['kernel']);
    const wrapper = ({ children }: { children: React.ReactNode }) => createElement(I18nextProvider, { i18n }, createElement(Suspense, { fallback: null }, children));
    const { result } = renderHook(() => useTexts(['likes']).t('likes:nav'), { wrapper });
    await waitFor(() => expect(result.current).toBe('nav'));
    // One request: the failed namespace is not asked for on every render.
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
