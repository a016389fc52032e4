import { afterEach, describe, expect, it } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createKernel } from '../../../kernel/web/kernel.ts';
import { KernelContext } from '../../../kernel/web/context.ts';
import { App } from '../../../kernel/web/App.tsx';
import { Bus } from '../../../kernel/web/bus.ts';
import { ApiError } from '../../../kernel/web/api-error.ts';
import { fakeApi } from '../../../kernel/web/testing.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import type { User } from '../../auth/contract.ts';
import authManifest from '../../auth/manifest.ts';
import pagesManifest from '../../pages/manifest.ts';
import languageManifest from '../manifest.ts';

configure({ asyncUtilTimeout: 5000 });
const settings = { domain: 'localhost', domain_language: 'en-GB', name: 'FlirtHaven', plugins: ['pages'], countries: ['GB'], enable_site_entry_popup: 'no' } as Partial<SiteSettings> as SiteSettings;
const member: User = { id: 7, email: 'anna@example.com', status: 'active', signup_date: '2026-01-02T10:00:00Z', language: 'en', fictional_icon: '', notifications_disabled: [] };

const disposers: (() => void)[] = [];
afterEach(() => {
  disposers.splice(0).forEach((d) => d());
  document.cookie = 'i18n_redirected=; Max-Age=0; Path=/';
});

async function open(path: string, user: User | null) {
  history.replaceState(null, '', path);
  const saved: unknown[] = [];
  const api = fakeApi({
    'GET /api/user.php': () => {
      if (!user) throw new ApiError(403, 'authentication_required', 'x');
      return { user };
    },
    'PUT /api/user.php': (body) => {
      saved.push(body);
      return { user: { ...user, ...(body as object) } };
    },
  });
  const { kernel, registry, dispose } = await createKernel([authManifest, pagesManifest, languageManifest], { api, bus: new Bus(), settings });
  disposers.push(dispose);
  await kernel.i18n.loadNamespaces(['language', 'pages']);
  render(
    <KernelContext.Provider value={{ kernel, registry }}>
      <I18nextProvider i18n={kernel.i18n}><App /></I18nextProvider>
    </KernelContext.Provider>,
  );
  act(() => kernel.router.start());
  return { kernel, saved };
}

describe('language page (/lang-config)', () => {
  it('lists every language named in itself, and a choice switches the site, sets the cookie for 365 days and tells so in the new language', async () => {
    const { kernel } = await open('/lang-config', null);
    const list = await screen.findByRole('list', { name: 'Languages' });
    const names = within(list).getAllByRole('button').map((b) => b.textContent?.replace('✓', '').trim());
    expect(names).toEqual(['English', 'Nederlands', 'Deutsch', 'Italiano', 'Français', 'Español', 'Polski', 'Dansk', 'Suomi', 'Norsk bokmål', 'Svenska']);
    expect(within(list).getByRole('button', { name: /English/ }).getAttribute('aria-pressed')).toBe('true');
    expect(within(list).getByRole('button', { name: 'Norsk bokmål' }).getAttribute('lang')).toBe('nb');
    expect(screen.getByText('Your choice is remembered in this browser for a year.')).toBeTruthy();

    const writes: string[] = [];
    let proto: object | null = document;
    let cookie: PropertyDescriptor | undefined;
    while (proto && !(cookie = Object.getOwnPropertyDescriptor(proto, 'cookie'))) proto = Object.getPrototypeOf(proto);
    Object.defineProperty(document, 'cookie', { configurable: true, get: () => cookie!.get!.call(document), set: (v: string) => { writes.push(v); cookie!.set!.call(document, v); } });
    try {
      fireEvent.click(within(list).getByRole('button', { name: 'Deutsch' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Wähle deine Sprache' })).toBeTruthy();
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
    expect(screen.getByRole('status').textContent).toBe('Sprache geändert: Deutsch.');
    expect(kernel.appState.locale).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(writes.find((w) => w.startsWith('i18n_redirected=de'))).toMatch(/Max-Age=31536000; Path=\//);
    expect(screen.getByRole('list', { name: 'Sprachen' }).querySelector('[aria-pressed="true"]')?.textContent).toContain('Deutsch');
  });

  it('saves a member\'s choice to the server, and is in the footer and the account menu', async () => {
    const { saved } = await open('/lang-config', member);
    await screen.findByRole('heading', { level: 1, name: 'Choose your language' });
    expect(screen.getByText(/saved in your account/)).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Information' })).getByRole('link', { name: 'Language' }).getAttribute('href')).toBe('/lang-config');
    fireEvent.click(await screen.findByRole('button', { name: 'Account' }));
    expect(screen.getByRole('menuitem', { name: 'Language' }).getAttribute('href')).toBe('/lang-config');
    fireEvent.keyDown(document, { key: 'Escape' });

    fireEvent.click(screen.getByRole('button', { name: 'Suomi' }));
    await screen.findByRole('heading', { level: 1, name: 'Valitse kielesi' });
    await waitFor(() => expect(saved).toEqual([{ language: 'fi' }]));
  });
});
