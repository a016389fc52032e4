// The server puts settings, texts and the user into the page; the kernel boots from them without a request.
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { allWebPlugins } from '../../plugins/index.ts';
import { createKernel } from './kernel.ts';
import { KernelContext } from './context.ts';
import { App } from './App.tsx';
import { ApiError } from './api.ts';
import { Bus } from './bus.ts';
import { readBootData } from './bootdata.ts';
import { definePlugin } from './plugin.ts';
import { fakeApi } from './testing.ts';
import { readTexts } from '../server/text-files.ts';
import type { BootData } from '../contract/boot.ts';
import type { SiteSettings } from '../contract/settings.ts';
import { testPlugin } from './testing.ts';

const webPlugins = allWebPlugins();

// Every namespace, as the server would put it into the page.
const en = readTexts('en');

const settings = {
  domain: 'localhost', domain_language: 'en-GB', name: 'FlirtHaven', index_title: 'Meet singles near you',
  countries: ['DE', 'GB'], plugins: ['members'], logged_out_search: 'all', logged_out_search_trafficsource: 'all',
  visible_profile_fields: [], fictional_plural: 'fictional profiles', enable_site_entry_popup: 'no',
} as unknown as SiteSettings;

/** The block as the server writes it: JSON with every `<` escaped. */
function putBootBlock(boot: BootData) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'boot';
  el.textContent = JSON.stringify(boot).replace(/</g, '\\u003c');
  document.head.append(el);
}

describe('boot data', () => {
  it('boots from the inline block: no settings, language or user request', async () => {
    // A marker text proves the texts came from the page, not from the bundled locale file.
    const texts = { ...en, home: { ...en.home, marker: 'From the page </script> itself' } };
    const user = { id: 42, name: 'Inline', language: 'en', credits: 0 };
    putBootBlock({ settings, locale: 'en', texts, data: { user } });
    const api = fakeApi({ 'GET /api/members.php': () => ({ profiles: [], total: 0, page: 1, per_page: 24 }), 'GET /api/regions.php': () => ({ countries: [] }) });

    const boot = readBootData();
    expect(boot?.settings.name).toBe('FlirtHaven');
    expect(document.getElementById('boot')).toBeNull(); // read once
    const { kernel, registry, dispose } = await createKernel(webPlugins, { api, bus: new Bus(), boot });

    expect(api.calls.filter((c) => /settings\.php|user\.php/.test(c))).toEqual([]);
    expect(kernel.settings.name).toBe('FlirtHaven');
    expect(kernel.i18n.t('home:marker')).toBe('From the page </script> itself');
    expect(kernel.store.auth.user.id).toBe(42);
    expect(kernel.appState.loggedIn).toBe(true);
    expect(kernel.bootData('user')).toEqual(user);
    expect(kernel.bootData('nothing')).toBeUndefined();

    history.replaceState(null, '', '/members');
    render(
      <KernelContext.Provider value={{ kernel, registry }}>
        <I18nextProvider i18n={kernel.i18n}><App /></I18nextProvider>
      </KernelContext.Provider>,
    );
    act(() => kernel.router.start());
    expect(await screen.findByRole('heading', { level: 1, name: 'Search members' })).toBeTruthy();
    expect(api.calls.filter((c) => /settings\.php|user\.php/.test(c))).toEqual([]);
    dispose();
  });

  it('a visitor in the block is a visitor without asking the API', async () => {
    putBootBlock({ settings, locale: 'en', texts: en, data: { user: null } });
    const api = fakeApi({});
    const { kernel, dispose } = await createKernel(webPlugins, { api, bus: new Bus(), boot: readBootData() });
    expect(kernel.appState.loggedIn).toBe(false);
    expect(api.calls).toEqual([]);
    dispose();
  });

  it('falls back to the requests when the page has no block (npm run dev)', async () => {
    expect(readBootData()).toBeNull();
    const api = fakeApi({
      'GET /api/settings.php': () => ({ settings }),
      'GET /api/user.php': () => { throw new ApiError(403, 'authentication_required', 'x'); },
    });
    const { kernel, dispose } = await createKernel(webPlugins, { api, bus: new Bus(), boot: readBootData() });
    expect(api.calls).toEqual(['GET /api/settings.php', 'GET /api/user.php']);
    expect(kernel.i18n.hasResourceBundle('en', 'kernel')).toBe(true);
    dispose();
  });

  it('ignores a broken block', () => {
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = 'boot';
    el.textContent = '{not json';
    document.head.append(el);
    expect(readBootData()).toBeNull();
  });

  it('starts loading the page chunk when the route matches, before anything renders it', async () => {
    const page = vi.fn(async () => ({ default: () => <h1>Landing</h1> }));
    const plugins = [testPlugin({ id: 'home', routes: [{ name: 'index', page }] })];
    history.replaceState(null, '', '/');
    const { kernel, dispose } = await createKernel(plugins, { api: fakeApi({}), bus: new Bus(), boot: { settings, locale: 'en', texts: en, data: {} } });
    expect(page).not.toHaveBeenCalled();
    kernel.router.start();
    expect(page).toHaveBeenCalledTimes(1);
    dispose();
  });
});
