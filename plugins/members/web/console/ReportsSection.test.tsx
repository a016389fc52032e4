import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../kernel/web/api-error.ts';
import type { ConsoleReport } from '../../contract.ts';
import ReportsSection from './ReportsSection.tsx';
import { renderSection, text } from './testing.tsx';

const report = (over: Partial<ConsoleReport> = {}): ConsoleReport => ({
  id: 7, reason: 'scam', comment: 'Asked me for money', created_at: '2026-11-20T10:00:00.000Z',
  reporter: { id: 3, name: 'Anna', email: 'anna@example.com' }, reported: { id: 4, name: 'Bert', email: 'bert@example.com' },
  reports_against: 2, decision: null, status: 'open', claimed_by: null, claimed_until: null, mine: false, note: '', decided_by: null, closed_at: null, ...over,
});
const page = (items: ConsoleReport[]) => ({ items, total: items.length, page: 1, per_page: 50 });

describe('reports queue', () => {
  it('lists open reports with who reported whom, claims one, decides it with a note, and it shows as closed', async () => {
    const claim = vi.fn(() => ({ report: report({ status: 'claimed', mine: true, claimed_by: { id: 1, email: 'op@example.com' }, claimed_until: '2026-11-20T10:15:00.000Z' }) }));
    const decide = vi.fn((body?: unknown) => ({
      report: report({ status: 'closed', decision: (body as { decision: ConsoleReport['decision'] }).decision, note: 'Warned by mail', decided_by: { id: 1, email: 'op@example.com' }, closed_at: '2026-11-20T10:05:00.000Z' }),
    }));
    const list = vi.fn((_b?: unknown, _q?: unknown) => page([report()]));
    await renderSection(<ReportsSection path={[]} />, {
      'GET /api/operator/members/reports': list,
      'POST /api/operator/members/reports/claim': claim,
      'POST /api/operator/members/reports/decide': decide,
    });
    const table = await screen.findByRole('table', { name: 'Open reports, oldest first' });
    expect(list).toHaveBeenCalledWith(undefined, { status: 'open' });
    const line = text(within(table).getAllByRole('row')[1]!);
    expect(line).toContain('Bert');
    expect(line).toContain('Scam or asks for money');
    expect(line).toContain('Asked me for money');
    expect(line).toContain('anna@example.com');
    expect(line).toContain('Waiting');
    fireEvent.click(screen.getByRole('button', { name: 'Claim report 7 about Bert' }));
    await waitFor(() => expect(claim).toHaveBeenCalledWith({ id: 7 }, undefined));
    // The row shows the claim once the list the claim answered with is in (not when the call is made).
    await waitFor(() => expect(text(within(table).getAllByRole('row')[1]!)).toContain('Claimed by you until 11/20/26, 10:15 AM'));
    fireEvent.click(screen.getByRole('button', { name: 'Decide report 7 about Bert' }));
    const dialog = screen.getByRole('dialog', { name: 'Decide the report about Bert' });
    fireEvent.change(within(dialog).getByLabelText('Decision'), { target: { value: 'warned' } });
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: ' Warned by mail ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decide and close' }));
    await waitFor(() => expect(decide).toHaveBeenCalledWith({ id: 7, decision: 'warned', note: 'Warned by mail' }, undefined));
    expect((await screen.findByRole('status')).textContent).toContain('Report 7 about Bert is closed: Member warned.');
    await waitFor(() => expect(text(within(table).getAllByRole('row')[1]!)).toContain('Closed by op@example.com'));
    expect(text(within(table).getAllByRole('row')[1]!)).toContain('Note: Warned by mail');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names who holds a claim, in words, when another operator was first', async () => {
    const claim = vi.fn(() => { throw new ApiError(409, 'claimed_by_other', 'Claimed by other@example.com.', { by: 'other@example.com' }); });
    await renderSection(<ReportsSection path={[]} />, {
      'GET /api/operator/members/reports': () => page([report()]),
      'POST /api/operator/members/reports/claim': claim,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Claim report 7 about Bert' }));
    expect((await screen.findByRole('alert')).textContent).toBe('other@example.com has claimed this item already.');
  });

  it('shows another operator\'s claim and until when; releases its own; filters closed ones for one member', async () => {
    const list = vi.fn((_b?: unknown, q?: unknown) => ((q as { status: string }).status === 'closed'
      ? page([report({ id: 9, status: 'closed', decision: 'no_action', decided_by: { id: 2, email: 'other@example.com' }, closed_at: '2026-11-21T09:00:00.000Z' })])
      : page([
        report({ status: 'claimed', claimed_by: { id: 2, email: 'other@example.com' }, claimed_until: '2026-11-20T10:30:00.000Z' }),
        report({ id: 8, status: 'claimed', mine: true, claimed_by: { id: 1, email: 'op@example.com' }, claimed_until: '2026-11-20T10:30:00.000Z' }),
      ])));
    const release = vi.fn(() => ({ report: report({ id: 8 }) }));
    await renderSection(<ReportsSection path={[]} />, {
      'GET /api/operator/members/reports': list,
      'POST /api/operator/members/reports/release': release,
    });
    const table = await screen.findByRole('table');
    expect(text(within(table).getAllByRole('row')[1]!)).toContain('Claimed by other@example.com until 11/20/26, 10:30 AM');
    fireEvent.click(screen.getByRole('button', { name: 'Release report 8 about Bert' }));
    await waitFor(() => expect(release).toHaveBeenCalledWith({ id: 8 }, undefined));
    expect((await screen.findByRole('status')).textContent).toContain('back in the queue');
    fireEvent.change(screen.getByLabelText('Queue'), { target: { value: 'closed' } });
    fireEvent.change(screen.getByLabelText('Member id'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(undefined, { status: 'closed', member: '4' }));
    const rows = within(await screen.findByRole('table', { name: 'Closed reports, newest first' })).getAllByRole('row');
    expect(text(rows[1]!)).toContain('No action');
    expect(text(rows[1]!)).toContain('Closed by other@example.com');
  });
});
