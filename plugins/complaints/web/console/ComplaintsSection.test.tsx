import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../kernel/web/api-error.ts';
import type { ComplaintDetail, ConsoleComplaint } from '../../contract.ts';
import en from '../../console/locales/en.json';
import nl from '../../console/locales/nl.json';
import de from '../../console/locales/de.json';
import { renderSection, text } from './testing.tsx';
import ComplaintsSection from './ComplaintsSection.tsx';

afterEach(() => { vi.restoreAllMocks(); });

const complaint = (over: Partial<ConsoleComplaint> = {}): ConsoleComplaint => ({
  id: 3, reference: 'C2026-000003', user_id: 42, domain: 'localhost', locale: 'nl', name: 'Anna', email: 'anna@example.com',
  topic: 'payment', text: 'I was charged twice for the same package last week.', status: 'open',
  created_at: '2026-11-20T10:00:00.000Z', answers: 0, last_answer_at: null, ...over,
});
const detailOf = (over: Partial<ConsoleComplaint> = {}, answers: ComplaintDetail['answers'] = []): ComplaintDetail => ({ complaint: complaint(over), answers });

describe('complaints section: the list', () => {
  it('lists open complaints first, filters by status and search, and opens one', async () => {
    const list = vi.fn((_b?: unknown, q?: Record<string, unknown>) => ({ items: [complaint()], total: 1, page: Number(q?.page ?? 1), per_page: 50 }));
    const { navigate } = await renderSection(<ComplaintsSection path={[]} />, { 'GET /api/operator/complaints/list': list });
    const table = await screen.findByRole('table', { name: 'Complaints found: 1' });
    const cells = within(table).getAllByRole('row')[1]!;
    expect(text(cells)).toContain('Anna <anna@example.com>');
    expect(text(cells)).toContain('a payment');
    expect(text(cells)).toContain('open');
    expect(list.mock.calls[0]![1]).toEqual({ page: '1', status: 'open' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'answered' } });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    expect(list.mock.calls[1]![1]).toEqual({ page: '1', status: 'answered' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(3));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'anna@' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Find' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(4));
    expect(list.mock.calls[3]![1]).toEqual({ page: '1', q: 'anna@' });
    fireEvent.click(screen.getByRole('button', { name: 'Open complaint C2026-000003' }));
    expect(navigate).toHaveBeenCalledWith('/operator/complaints/3');
  });
});

describe('complaints section: one complaint', () => {
  it('shows the complaint and the answers sent', async () => {
    await renderSection(<ComplaintsSection path={['3']} />, {
      'GET /api/operator/complaints/complaint': () => detailOf({ status: 'answered', answers: 1 }, [
        { id: 1, text: 'We have refunded the second payment.', sent_at: '2026-11-21T10:00:00.000Z', staff: { id: 1, email: 'op@example.com' } },
      ]),
    });
    expect(await screen.findByRole('heading', { name: 'Complaint C2026-000003' })).toBeTruthy();
    expect(screen.getByText('I was charged twice for the same package last week.')).toBeTruthy();
    const answers = screen.getByRole('list', { name: 'Answers sent, oldest first' });
    expect(text(answers)).toContain('We have refunded the second payment.');
    expect(text(answers)).toContain('op@example.com');
    expect(screen.getByText('answered')).toBeTruthy();
  });

  it('answers by mail (once however often pressed), closing it with the answer when asked', async () => {
    let release: () => void = () => {};
    const answer = vi.fn(async (body: unknown) => {
      await new Promise<void>((r) => { release = r; });
      const b = body as { text: string; close?: boolean };
      return detailOf({ status: b.close ? 'closed' : 'answered', answers: 1 }, [{ id: 1, text: b.text, sent_at: '2026-11-21T10:00:00.000Z', staff: { id: 1, email: 'op@example.com' } }]);
    });
    await renderSection(<ComplaintsSection path={['3']} />, {
      'GET /api/operator/complaints/complaint': () => detailOf(),
      'POST /api/operator/complaints/answer': answer,
    });
    const box = await screen.findByLabelText('Answer to anna@example.com');
    fireEvent.change(box, { target: { value: 'Too short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer by e-mail' }));
    expect(await screen.findByText('Write at least 10 characters.')).toBeTruthy();
    expect(answer).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'We have refunded the second payment.' } });
    fireEvent.click(screen.getByLabelText('Close the complaint with this answer'));
    fireEvent.click(screen.getByRole('button', { name: 'Send answer by e-mail' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send answer by e-mail' }));
    await waitFor(() => expect(answer).toHaveBeenCalledTimes(1));
    release();
    expect(await screen.findByText('The answer was sent to anna@example.com; the complaint is closed.')).toBeTruthy();
    expect(answer.mock.calls[0]![0]).toEqual({ id: 3, text: 'We have refunded the second payment.', close: true });
    expect(answer).toHaveBeenCalledTimes(1);
    // Closed: no answer form, it can be opened again.
    expect(screen.queryByLabelText('Answer to anna@example.com')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open again' })).toBeTruthy();
  });

  it('closes and opens again; a closed complaint refused by the server is said in words', async () => {
    const status = vi.fn((body: unknown) => detailOf({ status: (body as { status: 'open' | 'closed' }).status }));
    await renderSection(<ComplaintsSection path={['3']} />, {
      'GET /api/operator/complaints/complaint': () => detailOf(),
      'POST /api/operator/complaints/status': status,
      'POST /api/operator/complaints/answer': () => { throw new ApiError(409, 'closed', 'This complaint is closed'); },
    });
    fireEvent.change(await screen.findByLabelText('Answer to anna@example.com'), { target: { value: 'An answer that is long enough.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer by e-mail' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This complaint is closed: open it again to answer.');
    fireEvent.click(screen.getByRole('button', { name: 'Close complaint' }));
    expect(await screen.findByText('The complaint is closed.')).toBeTruthy();
    expect(status).toHaveBeenLastCalledWith({ id: 3, status: 'closed' }, undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Open again' }));
    expect(await screen.findByText('The complaint is open again.')).toBeTruthy();
    expect(status).toHaveBeenLastCalledWith({ id: 3, status: 'open' }, undefined);
  });

  it('says when a complaint does not exist', async () => {
    await renderSection(<ComplaintsSection path={['99']} />, {
      'GET /api/operator/complaints/complaint': () => { throw new ApiError(404, 'complaint_not_found', 'No such complaint.'); },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('This complaint does not exist.');
  });
});

describe('complaints console texts', () => {
  const keys = (o: object, p = ''): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v as object, `${p}${k}.`) : [`${p}${k}`])).sort();
  it('has every key in English, Dutch and German, none empty', () => {
    expect(keys(nl)).toEqual(keys(en));
    expect(keys(de)).toEqual(keys(en));
    const values = (o: object): unknown[] => Object.values(o).flatMap((v) => (typeof v === 'object' && v ? values(v as object) : [v]));
    for (const l of [en, nl, de]) expect(values(l).every((v) => typeof v === 'string' && v.trim() !== '')).toBe(true);
  });
});
