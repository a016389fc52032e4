// Boots the real kernel with the real plugin manifests (in development mode, where MST type-checks)
// against a scripted API, and renders the app as a visitor would see it.
import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { allWebPlugins } from '../../plugins/index.ts';
import { createKernel } from './kernel.ts';
import { KernelContext } from './context.ts';
import { App } from './App.tsx';
import { ApiError } from './api.ts';
import { Bus } from './bus.ts';
import { fakeApi } from './testing.ts';
import { routeRef } from '../contract/routes.ts';
import type { SiteSettings } from '../contract/settings.ts';

const webPlugins = allWebPlugins();

const settings = {
  domain: 'localhost', domain_language: 'en-GB', name: 'FlirtHaven', index_title: 'Meet singles near you',
  countries: ['DE', 'GB'], plugins: ['members'], logged_out_search: 'all', logged_out_search_trafficsource: 'all',
  visible_profile_fields: [], fictional_plural: 'fictional profiles', enable_site_entry_popup: 'no',
} as unknown as SiteSettings;

const profile = { id: 7, name: 'Anna', age: 31, city: 'Köln', country: 'DE', region: 'nordrhein-westfalen', gender: 'female', online: true, main_image: null };

describe('boot', () => {
  it('renders the landing page, then the member search, with plugin navigation', async () => {
    const api = fakeApi({
      'GET /api/user.php': () => { throw new ApiError(403, 'authentication_required', 'x'); },
      'GET /api/members.php': (_b, q) => (q?.similar ? { profiles: [{ ...profile, id: 8, name: 'Berta' }], total: 1, page: 1, per_page: 24 } : { profiles: [profile], total: 1, page: 1, per_page: 24 }),
      'GET /api/regions.php': () => ({ countries: [] }),
    });
    history.replaceState(null, '', '/');
    const { kernel, registry, dispose } = await createKernel(webPlugins, { api, bus: new Bus(), settings });
    render(
      <KernelContext.Provider value={{ kernel, registry }}>
        <I18nextProvider i18n={kernel.i18n}><App /></I18nextProvider>
      </KernelContext.Provider>,
    );
    act(() => kernel.router.start());
    expect(await screen.findByRole('heading', { level: 1, name: 'Meet singles near you' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(document.title).toBe('FlirtHaven');

    act(() => kernel.router.navigate('members'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Search members' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Anna, 31, Köln' })).toBeTruthy();
    // Few results: similar profiles follow under their own heading and count.
    expect(await screen.findByRole('heading', { name: 'Similar profiles (1)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Berta, 31, Köln' })).toBeTruthy();
    expect(document.title).toBe('Search members – FlirtHaven');

    act(() => kernel.router.go('/definitely/not/here'));
    expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeTruthy();
    dispose();
  });

  it('leaves out the routes and navigation of a plugin switched off for the domain', async () => {
    const api = fakeApi({ 'GET /api/user.php': () => { throw new ApiError(403, 'authentication_required', 'x'); } });
    const { kernel, registry, dispose } = await createKernel(webPlugins, { api, bus: new Bus(), settings: { ...settings, plugins: [] } });
    expect(kernel.router.resolve(routeRef('members'))).toBeNull();
    expect(kernel.router.resolve(routeRef('login'))).toBe('/login');
    expect(registry.navItems('top').map((n) => n.id)).toEqual(['login']);
    dispose();
  });
});
