// The data-export section in the settings page's slot (rendered through the slot itself, as the
// account's settings page does) and the /data-export page the mail links to.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createKernel } from '../../../kernel/web/kernel.ts';
import { KernelContext } from '../../../kernel/web/context.ts';
import { App } from '../../../kernel/web/App.tsx';
import { Panels } from '../../../kernel/web/Panels.tsx';
import { Bus } from '../../../kernel/web/bus.ts';
import { ApiError } from '../../../kernel/web/api-error.ts';
import { fakeApi } from '../../../kernel/web/testing.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import type { User } from '../../auth/contract.ts';
import authManifest from '../../auth/manifest.ts';
import dataExportManifest from '../manifest.ts';
import type { DataExport, ExportState } from '../contract.ts';
import { POLL_MS } from './ExportStatus.tsx';

configure({ asyncUtilTimeout: 5000 });
const settings = { domain: 'localhost', domain_language: 'en-GB', name: 'FlirtHaven', plugins: [], countries: ['GB'], enable_site_entry_popup: 'no' } as Partial<SiteSettings> as SiteSettings;
const member: User = { id: 7, email: 'anna@example.com', status: 'active', signup_date: '2026-01-02T10:00:00Z', language: 'en', fictional_icon: '', notifications_disabled: [] };

const disposers: (() => void)[] = [];
afterEach(() => {
  disposers.splice(0).forEach((d) => d());
  vi.useRealTimers();
});

const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
const copy = (over: Partial<DataExport> = {}): DataExport => ({
  id: 5, status: 'ready', requested_at: inHours(-1), ready_at: inHours(-1), expires_at: inHours(23), size: 2_400_000, ...over,
});
const date = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
type Handler = Parameters<typeof fakeApi>[0][string];

/** The settings slot as the settings page renders it, or the app at `path`; `user` null: a visitor. */
async function open(routes: Record<string, Handler>, opts: { path?: string; user?: User | null } = {}) {
  history.replaceState(null, '', opts.path ?? '/settings');
  const user = opts.user === undefined ? member : opts.user;
  const api = fakeApi({
    'GET /api/user.php': () => {
      if (!user) throw new ApiError(403, 'authentication_required', 'x');
      return { user };
    },
    ...routes,
  });
  const { kernel, registry, dispose } = await createKernel([authManifest, dataExportManifest], { api, bus: new Bus(), settings });
  disposers.push(dispose);
  await kernel.i18n.loadNamespaces(['data-export', 'auth']);
  render(
    <KernelContext.Provider value={{ kernel, registry }}>
      <I18nextProvider i18n={kernel.i18n}>{opts.path ? <App /> : <Panels slot="settings" props={{}} />}</I18nextProvider>
    </KernelContext.Provider>,
  );
  if (opts.path) act(() => kernel.router.start());
  return { api };
}

describe('the data-export section of the settings page', () => {
  it('asks for a copy, says it is being made, and offers the download once the job has made it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current: ExportState = { export: null, next_request_at: null };
    const posted: unknown[] = [];
    const { api } = await open({
      'GET /api/data-export.php': () => current,
      'POST /api/data-export.php': (body) => {
        posted.push(body);
        current = { export: copy({ status: 'requested', ready_at: null, expires_at: null, size: null }), next_request_at: inHours(24) };
        return current;
      },
    });
    const section = await screen.findByRole('region', { name: 'Your data' });
    expect(section.textContent).toContain('the copy can be downloaded for 24 hours');
    fireEvent.click(await within(section).findByRole('button', { name: 'Request a copy of my data' }));
    expect(await within(section).findByText('Thank you! We are putting your copy together and will e-mail you a link.')).toBeTruthy();
    expect(posted).toEqual([{}]);
    // Nothing more to click while it is being made.
    expect(within(section).queryByRole('button')).toBeNull();

    // The job made it: the next look shows the size, the deadline and the link.
    const ready = copy({ requested_at: current.export!.requested_at });
    current = { export: ready, next_request_at: current.next_request_at };
    const gets = api.calls.filter((c) => c === 'GET /api/data-export.php').length;
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    await waitFor(() => expect(api.calls.filter((c) => c === 'GET /api/data-export.php').length).toBe(gets + 1));
    expect(await within(section).findByText(`Your copy is ready (2.4 MB). You can download it until ${date(ready.expires_at!)}.`)).toBeTruthy();
    const link = within(section).getByRole('link', { name: 'Download my data (ZIP)' });
    expect(link.getAttribute('href')).toBe('/api/data-export-download.php?id=5');
    expect(link.hasAttribute('download')).toBe(true);
    expect(within(section).getByText(`You can request your next copy on ${date(current.next_request_at!)}.`)).toBeTruthy();
    expect(within(section).queryByText(/Thank you/)).toBeNull();
  });

  it('says in the reader\'s language when the next copy is possible when the server refuses one', async () => {
    const next = inHours(20);
    await open({
      // A page loaded before another tab asked.
      'GET /api/data-export.php': () => ({ export: null, next_request_at: null }),
      'POST /api/data-export.php': () => { throw new ApiError(429, 'export_too_soon', 'one a day', { next_request_at: next }); },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Request a copy of my data' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`You can request one copy of your data per day. The next one is possible on ${date(next)}.`);
  });

  it('shows an expired copy and offers a new one once a day has passed', async () => {
    const old = copy({ requested_at: inHours(-30), ready_at: inHours(-30), expires_at: inHours(-6) });
    await open({ 'GET /api/data-export.php': () => ({ export: { ...old, status: 'expired' }, next_request_at: null }) });
    expect(await screen.findByText(`Your last copy expired on ${date(old.expires_at!)} and has been deleted.`)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Request a copy of my data' })).toBeTruthy();
  });

  it('says when a copy could not be made, and lets the member ask again', async () => {
    await open({ 'GET /api/data-export.php': () => ({ export: copy({ status: 'failed', ready_at: null, expires_at: null, size: null }), next_request_at: null }) });
    expect(await screen.findByText('We could not put your copy together. Please request it again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request a copy of my data' })).toBeTruthy();
  });
});

describe('the /data-export page (the mail\'s link)', () => {
  it('shows the copy to the member', async () => {
    await open({ 'GET /api/data-export.php': () => ({ export: copy(), next_request_at: inHours(23) }) }, { path: '/data-export' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your data' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Download my data (ZIP)' })).toBeTruthy();
  });

  it('sends a visitor to log in first and back here after', async () => {
    await open({}, { path: '/data-export', user: null });
    await waitFor(() => expect(location.pathname).toBe('/login'));
    expect(new URLSearchParams(location.search).get('redirect')).toBe('/data-export');
  });
});
