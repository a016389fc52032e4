import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../kernel/web/api-error.ts';
import type { ConsoleMember, ConsoleMemberRow } from '../../contract.ts';
import { renderSection } from './testing.tsx';
import MembersSection from './MembersSection.tsx';
import de from '../../console/locales/de.json';
import en from '../../console/locales/en.json';
import nl from '../../console/locales/nl.json';

afterEach(() => { vi.restoreAllMocks(); window.history.replaceState(null, '', '/'); });

const rowOf = (over: Partial<ConsoleMemberRow> = {}): ConsoleMemberRow => ({
  id: 42, email: 'anna@example.com', name: 'Anna', status: 'active', role: 'member', domain: 'nl.example.com',
  created_at: '2026-11-01T10:00:00.000Z', last_seen: '2026-11-20T10:00:00.000Z', deleted_at: null, disabled_at: null, ...over,
});
const memberOf = (over: Partial<ConsoleMember['account']> = {}, rest: Partial<ConsoleMember> = {}): ConsoleMember => ({
  account: {
    id: 42, email: 'anna@example.com', status: 'active', role: 'member', language: 'nl', domain: 'nl.example.com', created_at: '2026-11-01T10:00:00.000Z',
    last_seen: '2026-11-20T10:00:00.000Z', last_login: '2026-11-20T09:00:00.000Z', deleted_at: null, purge_at: null, disabled_at: null, ...over,
  },
  profile: {
    name: 'Anna', gender: 'female', sexuality: 'hetero', age: 36, birthdate: '1990-04-02', country: 'NL', region: 'noord-holland', city: 'Amsterdam',
    about: 'Hello', interests: ['music'], status: 'active', invisible: false, demo: false, created_at: '2026-11-01T10:00:00.000Z',
  },
  photos: [{
    id: 7, user_id: 42, member_name: 'Anna', thumb: '/photos/7-thumb.jpg', full: '/photos/7.jpg', visibility: 'shown', is_main: true,
    created_at: '2026-11-01T10:00:00.000Z', decision: null, status: 'open', claimed_by: null, claimed_until: null, mine: false, note: '', decided_by: null, closed_at: null,
  }],
  reports: { against: [], filed: 2 },
  credits: { balance: 12, paid: true, entries: [{ id: 3, amount: 12, balance_after: 12, reason: 'purchase', reference: 'payment:9', created_at: '2026-11-02T10:00:00.000Z' }] },
  conversations: 4,
  logins: [{ ip: '10.0.0.1', last_login: '2026-11-20T09:00:00.000Z' }],
  deletion: null,
  ...rest,
});

describe('members section: the search', () => {
  it('searches by the typed term and opens a member', async () => {
    const search = vi.fn((_b?: unknown, q?: Record<string, unknown>) => ({ items: [rowOf(), rowOf({ id: 43, email: 'bob@example.com', name: 'Bob', disabled_at: '2026-11-21T10:00:00.000Z' })], total: 2, page: Number(q?.page ?? 1), per_page: 50 }));
    const { navigate } = await renderSection(<MembersSection path={[]} />, { 'GET /api/operator/account/members': search });
    // Nothing typed: no call, a hint.
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Type an e-mail address');
    expect(search).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Members found: 2' });
    expect(search.mock.calls[0]![1]).toEqual({ q: 'example.com', page: '1' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('anna@example.com');
    expect(rows[2]!.textContent).toContain('disabled');
    expect(window.location.search).toBe('?q=example.com');
    // With the domain they signed up on: both must match.
    fireEvent.change(screen.getByLabelText('Signed up on (domain)'), { target: { value: 'NL.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(search).toHaveBeenCalledTimes(2));
    expect(search.mock.calls[1]![1]).toEqual({ q: 'example.com', domain: 'nl.example.com', page: '1' });
    expect(window.location.search).toBe('?q=example.com&domain=nl.example.com');
    expect(within(await screen.findByRole('table', { name: 'Members found: 2' })).getAllByRole('row')[1]!.textContent).toContain('nl.example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Open member 42 (anna@example.com)' }));
    expect(navigate).toHaveBeenCalledWith('/operator/members/42');
  });
});

describe('members section: a member', () => {
  it('shows the account, profile, photos, credits and logins; no credits or payments for an operator', async () => {
    await renderSection(<MembersSection path={['42']} />, { 'GET /api/operator/account/member': () => memberOf() });
    expect(await screen.findByRole('heading', { name: 'Member #42' })).toBeTruthy();
    expect(screen.getByText('anna@example.com')).toBeTruthy();
    expect(screen.getByText('12 (premium)')).toBeTruthy();
    expect(screen.getByText('Amsterdam, noord-holland, NL')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo 7' })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Credit ledger' })).getByText('payment:9')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Logins (the latest from each address)' })).getByText('10.0.0.1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Grant or take credits' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Payments of member 42' })).toBeNull();
  });

  it('disables with a stated reason, then enables', async () => {
    const disable = vi.fn((b: unknown) => ({ member: memberOf({ disabled_at: '2026-11-22T10:00:00.000Z' }), body: b }));
    const enable = vi.fn(() => ({ member: memberOf() }));
    await renderSection(<MembersSection path={['42']} />, {
      'GET /api/operator/account/member': () => memberOf(),
      'POST /api/operator/account/member/disable': disable,
      'POST /api/operator/account/member/enable': enable,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable this account' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable the account' }));
    expect(within(dialog).getByText('Say why, in at least 3 characters.')).toBeTruthy();
    expect(disable).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable the account' }));
    await screen.findByText('The account is disabled; the member was logged out.');
    expect(disable.mock.calls[0]![0]).toEqual({ id: 42, reason: 'Spam' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    await screen.findByText('The account is enabled: the member can log in again.');
    expect(screen.getByRole('button', { name: 'Disable' })).toBeTruthy();
  });

  it('sends a reset link and hides a photo, showing the result', async () => {
    const hide = vi.fn((b: unknown) => ({ photo: { ...memberOf().photos[0]!, visibility: 'hidden', body: b } }));
    await renderSection(<MembersSection path={['42']} />, {
      'GET /api/operator/account/member': () => memberOf(),
      'POST /api/operator/account/member/reset-link': () => ({ member: memberOf() }),
      'POST /api/operator/members/photos/hide': hide,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send a password-reset link' }));
    await screen.findByText('A password-reset link was mailed to anna@example.com.');
    fireEvent.click(screen.getByRole('button', { name: 'Hide photo 7' }));
    await screen.findByText('Photo 7 is hidden from others.');
    expect(hide.mock.calls[0]![0]).toEqual({ id: 7, hidden: true });
    expect(screen.getByRole('button', { name: 'Show photo 7' })).toBeTruthy();
  });

  it('an admin grants credits (whole numbers, a reason) and sees the server refuse a take below zero', async () => {
    const credits = vi.fn((b: unknown) => {
      const body = b as { amount: number };
      if (body.amount < 0) throw new ApiError(409, 'insufficient_credits', 'The balance is 62: never below zero.');
      return { member: memberOf({}, { credits: { balance: 62, paid: true, entries: [] } }) };
    });
    const { navigate } = await renderSection(<MembersSection path={['42']} />, {
      'GET /api/operator/account/member': () => memberOf(),
      'POST /api/operator/account/member/credits': credits,
    }, 'admin');
    fireEvent.click(await screen.findByRole('link', { name: 'Payments of member 42' }));
    expect(navigate).toHaveBeenCalledWith('/operator/payments?q=42');
    fireEvent.click(screen.getByRole('button', { name: 'Grant or take credits' }));
    const dialog = screen.getByRole('dialog', { name: 'Grant or take credits' });
    fireEvent.change(within(dialog).getByLabelText('Credits'), { target: { value: '1.5' } });
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Goodwill' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change the balance' }));
    expect(within(dialog).getByText('A whole number of credits from 1 to 100000.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Credits'), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change the balance' }));
    await screen.findByText('50 credits granted: the balance is 62.');
    expect(credits.mock.calls[0]![0]).toEqual({ id: 42, amount: 50, reason: 'Goodwill' });

    fireEvent.click(screen.getByRole('button', { name: 'Grant or take credits' }));
    const again = screen.getByRole('dialog', { name: 'Grant or take credits' });
    fireEvent.change(within(again).getByLabelText('Change'), { target: { value: 'take' } });
    fireEvent.change(within(again).getByLabelText('Credits'), { target: { value: '63' } });
    fireEvent.change(within(again).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Mistake' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Change the balance' }));
    // Checked in the browser first (the balance is 62).
    expect(within(again).getByText('The balance is 62: it cannot go below zero.')).toBeTruthy();
    expect(credits).toHaveBeenCalledTimes(1);
    fireEvent.change(within(again).getByLabelText('Credits'), { target: { value: '62' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Change the balance' }));
    await waitFor(() => expect(credits).toHaveBeenCalledTimes(2));
    expect(await within(again).findByText('The balance is 62: never below zero.')).toBeTruthy();
  });

  it('deletes with a reason and says until when it can be restored', async () => {
    await renderSection(<MembersSection path={['42']} />, {
      'GET /api/operator/account/member': () => memberOf(),
      'POST /api/operator/account/member/delete': () => ({ member: memberOf({ deleted_at: '2026-11-22T10:00:00.000Z', purge_at: '2026-12-06T10:00:00.000Z' }) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this account' });
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Asked by phone' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete the account' }));
    expect(await screen.findByText(/The account is deleted; it can be restored until/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore' })).toBeTruthy();
  });
});

describe('members console texts', () => {
  const keys = (o: object, prefix = ''): string[] => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
  it('has every key in English, Dutch and German, and every key the pages name', () => {
    expect(keys(nl).sort()).toEqual(keys(en).sort());
    expect(keys(de).sort()).toEqual(keys(en).sort());
    expect(nl.disable.confirm).not.toBe(en.disable.confirm);
    expect(de.disable.confirm).not.toBe(en.disable.confirm);
    const dir = path.dirname(new URL(import.meta.url).pathname);
    const used = fs.readdirSync(dir).filter((f) => f.endsWith('.tsx') && !f.includes('.test.') && f !== 'testing.tsx')
      .flatMap((f) => [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/\bt\('([a-zA-Z_.]+)'/g)].map((m) => m[1]!));
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter((k) => !keys(en).includes(k))).toEqual([]);
    // The keys built at run time.
    const built = ['disable', 'delete'].flatMap((k) => [`${k}.title`, `${k}.what`, `${k}.confirm`]);
    expect(built.filter((k) => !keys(en).includes(k))).toEqual([]);
  });
});
