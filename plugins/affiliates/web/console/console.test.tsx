// The affiliates' console pages: the traffic sources with their figures (per source and per day,
// CSV), one source's failed postbacks with the retry button (admins only) and its embed snippets
// (copied with one click), and the networks (the secret shown once, masked in the list).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { ReactNode } from 'react';
import { ConsoleContext, type ConsoleKernel } from '../../../../kernel/web/console/context.ts';
import { fakeApi } from '../../../../kernel/web/testing.ts';
import en from '../../console/locales/en.json';
import AffiliatesSection from './AffiliatesSection.tsx';
import NetworksSection from './NetworksSection.tsx';
import { embedCommand, embedSnippet } from './embed.ts';
import type { FigureRow, NetworkView, PostbackView, SourceRow } from '../../contract.ts';
import { ApiError } from '../../../../kernel/web/api-error.ts';

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { 'affiliates-console': en, console: {} } }, defaultNS: 'console', interpolation: { escapeValue: false } });

const z = { visits: 0, bounces: 0, signups: 0, activations: 0, first_purchases: 0, purchases: 0, revenue: {}, postbacks_sent: 0, postbacks_failed: 0, postbacks_pending: 0 };
const days: FigureRow[] = [
  { ...z, day: '2025-01-11', network: 'fignet', ref: 'a', visits: 1, bounces: 1, activations: 1, first_purchases: 1, purchases: 2, revenue: { EUR: 2499, GBP: 999 }, postbacks_sent: 2, postbacks_failed: 2 },
  { ...z, day: '2025-01-10', network: 'fignet', ref: 'a', visits: 3, bounces: 1, signups: 1, postbacks_sent: 4 },
  { ...z, day: '2025-01-10', network: '', ref: '', visits: 1 },
];
const sources: SourceRow[] = [
  { ...z, network: 'fignet', ref: 'a', first_day: '2025-01-10', last_day: '2025-01-11', visits: 4, bounces: 2, signups: 1, activations: 1, first_purchases: 1, purchases: 2, revenue: { EUR: 2499, GBP: 999 }, postbacks_sent: 6, postbacks_failed: 2 },
  { ...z, network: '', ref: '', first_day: '2025-01-10', last_day: '2025-01-10', visits: 1 },
];
const failed: PostbackView = { id: 41, day: '2025-01-11', network: 'fignet', ref: 'a', domain: 'localhost', event: 'activation', status: 'failed', attempts: 3, created_at: '2025-01-11T09:00:00.000Z', last_outcome: 'http_error', last_http_status: 404, last_error: null };
const domains = { domains: [{ domain: 'localhost', origin: 'https://www.example.com', widget_origins: ['https://partner.example'] }, { domain: 'nl.localhost', origin: 'https://nl.example.com', widget_origins: [] }] };

let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
function mount(node: ReactNode, api: ReturnType<typeof fakeApi>, role: 'operator' | 'admin' = 'admin') {
  navigate = vi.fn<(to: string) => void>();
  const kernel: ConsoleKernel = { staff: { user_id: 1, email: `${role}@example.com`, role, idle_minutes: 30 }, api, navigate, sessionEnded: () => {} };
  return render(<I18nextProvider i18n={i18n}><ConsoleContext.Provider value={kernel}>{node}</ConsoleContext.Provider></I18nextProvider>);
}

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => vi.restoreAllMocks());

describe('affiliates console: traffic sources', () => {
  it('shows the sources and the rows per day with their figures, the CSV link of the period, and opens a source', async () => {
    const queries: Record<string, unknown>[] = [];
    const api = fakeApi({
      'GET /api/operator/affiliates/domains': () => domains,
      'GET /api/operator/affiliates/figures': (_b, q) => { queries.push(q!); return { days, sources }; },
    });
    mount(<AffiliatesSection path={[]} />, api, 'operator');
    const table = await screen.findByRole('table', { name: 'Traffic sources (network and ref) in the period' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Network', 'Ref', 'Visits', 'Bounces', 'Signups', 'Activations', 'First purchases', 'Revenue', 'Postbacks sent', 'Postbacks failed', 'Details']);
    expect(within(rows[1]).getAllByRole('cell').slice(0, 10).map((c) => c.textContent)).toEqual(['fignet', 'a', '4', '2', '1', '1', '1', '€24.99 · £9.99', '6', '2']);
    expect(within(rows[2]).getAllByRole('cell').slice(0, 3).map((c) => c.textContent)).toEqual(['(none)', '(none)', '1']);
    const perDay = screen.getByRole('table', { name: 'Per traffic source and day' });
    expect(within(perDay).getAllByRole('row')).toHaveLength(4);

    // The last 30 UTC days by default; the CSV link carries the same period.
    expect(queries[0]).toEqual({ from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), to: new Date().toISOString().slice(0, 10) });
    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv.getAttribute('href')).toBe(`/api/operator/affiliates/figures.csv?from=${queries[0].from}&to=${queries[0].to}`);

    // Another period and a domain.
    fireEvent.change(screen.getByLabelText('From (UTC day)'), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText('To (UTC day)'), { target: { value: '2025-01-31' } });
    fireEvent.change(screen.getByLabelText('Domain'), { target: { value: 'nl.localhost' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ from: '2025-01-01', to: '2025-01-31', domain: 'nl.localhost' }));
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/operator/affiliates/figures.csv?from=2025-01-01&to=2025-01-31&domain=nl.localhost');

    fireEvent.click(screen.getByRole('button', { name: 'Open fignet / a' }));
    expect(navigate).toHaveBeenCalledWith('affiliates/source/=fignet/=a');
    fireEvent.click(screen.getByRole('button', { name: 'Open (none) / (none)' }));
    expect(navigate).toHaveBeenLastCalledWith('affiliates/source/-/-');
  });

  it('shows a source\'s days and failed postbacks; an admin retries one', async () => {
    let status: 'failed' | 'pending' = 'failed';
    const retried: unknown[] = [];
    const queries: Record<string, unknown>[] = [];
    const api = fakeApi({
      'GET /api/operator/affiliates/domains': () => domains,
      'GET /api/operator/affiliates/figures': (_b, q) => { queries.push(q!); return { days: days.slice(0, 2), sources: sources.slice(0, 1) }; },
      'GET /api/operator/affiliates/postbacks': () => ({ postbacks: status === 'failed' ? [failed] : [] }),
      'POST /api/operator/affiliates/postbacks/retry': (b) => { retried.push(b); status = 'pending'; return { postback: { ...failed, status: 'pending' } }; },
    });
    mount(<AffiliatesSection path={['source', '=fignet', '=a']} />, api, 'admin');
    expect(await screen.findByRole('heading', { name: 'Traffic source fignet / a' })).toBeTruthy();
    expect(queries[0]).toMatchObject({ network: 'fignet', ref: 'a' });
    const table = await screen.findByRole('table', { name: 'Postbacks that were given up, newest first' });
    expect(within(table).getAllByRole('row')[1].textContent).toContain('http_error 404');
    fireEvent.click(screen.getByRole('button', { name: 'Retry the Activation postback of 2025-01-11 (#41)' }));
    expect(await screen.findByText('The Activation postback of 2025-01-11 is being sent again.')).toBeTruthy();
    expect(retried).toEqual([{ id: 41 }]);
    expect(await screen.findByText('No failed postbacks in this period.')).toBeTruthy();
  });

  it('shows no retry button to an operator, and asks nothing about postbacks for a source without a network', async () => {
    const api = fakeApi({
      'GET /api/operator/affiliates/domains': () => domains,
      'GET /api/operator/affiliates/figures': () => ({ days: [], sources: [] }),
      'GET /api/operator/affiliates/postbacks': () => ({ postbacks: [failed] }),
    });
    mount(<AffiliatesSection path={['source', '=fignet', '=a']} />, api, 'operator');
    await screen.findByRole('table', { name: 'Postbacks that were given up, newest first' });
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Action' })).toBeNull();

    const api2 = fakeApi({
      'GET /api/operator/affiliates/domains': () => domains,
      'GET /api/operator/affiliates/figures': (_b, q) => { expect(q).toMatchObject({ no_network: true, no_ref: true }); return { days: [], sources: [] }; },
    });
    mount(<AffiliatesSection path={['source', '-', '-']} />, api2, 'operator');
    expect(await screen.findByRole('heading', { name: 'Traffic source (none) / (none)' })).toBeTruthy();
    await waitFor(() => expect(api2.calls).toContain('GET /api/operator/affiliates/figures'));
    expect(api2.calls).not.toContain('GET /api/operator/affiliates/postbacks');
  });

  it('fills the embed snippets with the affiliate\'s parameters and copies each with one click', async () => {
    const api = fakeApi({
      'GET /api/operator/affiliates/domains': () => domains,
      'GET /api/operator/affiliates/figures': () => ({ days: [], sources: [] }),
      'GET /api/operator/affiliates/postbacks': () => ({ postbacks: [] }),
    });
    mount(<AffiliatesSection path={['source', '=adnet', '=r-1']} />, api, 'operator');
    const signup = await screen.findByLabelText<HTMLTextAreaElement>('Signup widget');
    expect(signup.value).toContain('"https://www.example.com/widgets/loader.js"');
    expect(signup.value).toContain('flirt("signup", { network: "adnet", ref: "r-1" });');
    fireEvent.change(screen.getByLabelText('sub1 (optional)'), { target: { value: 'spring' } });
    fireEvent.change(screen.getByLabelText('Widget language'), { target: { value: 'de' } });
    fireEvent.change(screen.getByLabelText('Swipe niche'), { target: { value: 'she' } });
    const swipe = screen.getByLabelText<HTMLTextAreaElement>('Swipe widget');
    expect(swipe.value).toContain('<div id="flirt-swipe"></div>');
    expect(swipe.value).toContain('flirt("swipe", { network: "adnet", ref: "r-1", sub1: "spring", lang: "de", niche: "she", target: "#flirt-swipe" });');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Signup widget').value).toContain('flirt("signup", { network: "adnet", ref: "r-1", sub1: "spring", lang: "de" });');

    fireEvent.click(screen.getByRole('button', { name: 'Copy the Swipe widget snippet' }));
    expect(await screen.findByText('The Swipe widget snippet is on the clipboard.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(swipe.value);

    // A site that allows no partner pages says so.
    fireEvent.change(screen.getByLabelText('Site'), { target: { value: 'nl.localhost' } });
    expect(screen.getByText(/nl\.localhost allows no partner pages yet/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Signup widget').value).toContain('"https://nl.example.com/widgets/loader.js"');
  });
});

describe('affiliates console: embed snippets', () => {
  it('writes values that cannot end the script they sit in', () => {
    expect(embedCommand('signup', { network: 'a"b', ref: '</script><script>alert(1)</script>' }))
      .toBe('flirt("signup", { network: "a\\"b", ref: "\\u003c/script>\\u003cscript>alert(1)\\u003c/script>" });');
    const snippet = embedSnippet('https://www.example.com/', 'signup', { network: 'n', ref: '</script>' });
    expect(snippet.match(/<\/script>/g)).toHaveLength(1);
    expect(snippet).toContain('"https://www.example.com/widgets/loader.js"');
  });
});

describe('affiliates console: networks', () => {
  const network: NetworkView = { id: 7, name: 'acme', domain: null, postback_url: 'https://track.acme.example/pb?cid={click_id}', method: 'GET', events: ['signup', 'purchase'], active: true, secret_hint: '…wxyz', origin: 'console', updated_at: '2025-01-10T10:00:00.000Z' };

  it('lists the networks with the secret masked, makes one and shows its secret once', async () => {
    const list = [network];
    const created: Record<string, unknown>[] = [];
    const api = fakeApi({
      'GET /api/operator/affiliates/networks': () => ({ networks: list }),
      'GET /api/operator/affiliates/domains': () => domains,
      'POST /api/operator/affiliates/networks': (b) => {
        const body = b as Record<string, unknown>;
        created.push(body);
        if (String(body.postback_url).startsWith('http:')) throw new ApiError(400, 'invalid_input', 'The postback URL must be an https:// address.', { field: 'postback_url' });
        const made = { ...network, id: 8, name: String(body.name), postback_url: String(body.postback_url), secret_hint: '…1234' };
        list.push(made);
        return { network: made, secret: 'generated-secret-abcdefghijklmnop1234' };
      },
    });
    mount(<NetworksSection />, api);
    const table = await screen.findByRole('table', { name: 'Networks and their postbacks' });
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 8)).toEqual(['acme', 'Every domain', 'https://track.acme.example/pb?cid={click_id}', 'GET', 'Signup, Purchase', 'on', '…wxyz', 'console']);

    fireEvent.click(screen.getByRole('button', { name: 'Add network' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a network' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'newnet' } });
    fireEvent.change(within(dialog).getByLabelText('Postback URL'), { target: { value: 'http://track.new.example/pb' } });
    fireEvent.click(within(dialog).getByLabelText('Visit'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add network' }));
    // The server's refusal under the field it names.
    expect(await within(dialog).findByText('The postback URL must be an https:// address.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Postback URL').getAttribute('aria-invalid')).toBe('true');
    expect(created[0]).toMatchObject({ name: 'newnet', domain: null, method: 'GET', events: ['signup', 'activation', 'first_purchase', 'purchase'], active: true });
    expect(created[0]).not.toHaveProperty('secret');

    fireEvent.change(within(dialog).getByLabelText('Postback URL'), { target: { value: 'https://track.new.example/pb?e={event}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add network' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(/The secret of newnet is shown this once/)).toBeTruthy();
    expect(screen.getByLabelText('Secret').textContent).toBe('generated-secret-abcdefghijklmnop1234');
    fireEvent.click(screen.getByRole('button', { name: 'Copy the secret' }));
    expect(writeText).toHaveBeenCalledWith('generated-secret-abcdefghijklmnop1234');
    await screen.findByText('newnet');
    fireEvent.click(screen.getByRole('button', { name: 'Done, hide it' }));
    expect(screen.queryByText(/generated-secret/)).toBeNull();
  });

  it('edits a network: switches postbacks off and makes a new secret, shown once', async () => {
    const updates: Record<string, unknown>[] = [];
    const api = fakeApi({
      'GET /api/operator/affiliates/networks': () => ({ networks: [network] }),
      'GET /api/operator/affiliates/domains': () => domains,
      'PUT /api/operator/affiliates/networks': (b) => { updates.push(b as Record<string, unknown>); return { network: { ...network, active: false }, secret: 'renewed-secret-0123456789abcdefghij' }; },
    });
    mount(<NetworksSection />, api);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit acme (Every domain)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit acme' });
    expect(within(dialog).queryByLabelText('Name')).toBeNull();
    fireEvent.click(within(dialog).getByLabelText(/Send postbacks/));
    fireEvent.click(within(dialog).getByLabelText(/Make a new secret/));
    await act(async () => { fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })); });
    expect(updates).toEqual([{ id: 7, postback_url: network.postback_url, method: 'GET', events: ['signup', 'purchase'], active: false, new_secret: true }]);
    expect(await screen.findByText(/The secret of acme is shown this once/)).toBeTruthy();
    expect(screen.getByLabelText('Secret').textContent).toBe('renewed-secret-0123456789abcdefghij');
  });
});
