import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../kernel/web/api-error.ts';
import type { ProfileSummary } from '../../../members/contract.ts';
import type { ChatMessage, InboxConversationResponse, InboxEntry, InboxListResponse } from '../../contract.ts';
import en from '../../console/locales/en.json';
import nl from '../../console/locales/nl.json';
import de from '../../console/locales/de.json';
import { renderSection, text } from './testing.tsx';
import InboxSection from './InboxSection.tsx';
import { duration } from './format.ts';

afterEach(() => { vi.useRealTimers(); vi.restoreAllMocks(); });

const entry = (over: Partial<InboxEntry> = {}): InboxEntry => ({
  conversation_id: 7,
  member: { id: 42, name: 'Tom', country: 'NL' },
  fictional: { id: 9, name: 'Fiona', country: 'NL' },
  waiting_since: '2026-11-28T09:00:00.000Z',
  last_text: 'Hello Fiona, how are you?',
  last_kind: 'text',
  claim: null,
  ...over,
});
const listOf = (waiting: InboxEntry[]): InboxListResponse => ({
  waiting,
  counts: { waiting: waiting.length, answered_today: 3, operators: [{ operator_id: 1, email: 'op@example.com', answered: 3, median_seconds: 125 }] },
});
const summary = (over: Partial<ProfileSummary>): ProfileSummary => ({
  id: 42, name: 'Tom', gender: 'male', age: 34, city: 'Utrecht', country: 'NL', region: 'utrecht', main_image: null,
  online: true, premium: false, fictional: false, ...over,
});
const msg = (id: number, sender: number, body: string): ChatMessage => ({
  id, conversation_id: 7, sender_id: sender, kind: 'text', text: body, gift: null, photo: null, created_at: '2026-11-28T09:00:00.000Z', key: null,
});
const inFive = () => new Date(Date.now() + 5 * 60_000).toISOString();
const conversationOf = (over: Partial<InboxConversationResponse> = {}): InboxConversationResponse => ({
  conversation_id: 7,
  member: {
    ...summary({ main_image: { id: 1, filename: '/p/1.jpg', thumb_filename: '/p/1t.jpg', status: 'approved', match: '/p/1m.jpg', is_main: true, locked: false } }),
    sexuality: 'hetero', hair_color: '', eye_color: '', body_type: '', relationship_status: '', tattoos: '', signup_reason: '',
    interests: [], about: 'Cycling and coffee.', images: [], locked_images: 0, blocked: false,
  },
  fictional: summary({ id: 9, name: 'Fiona', gender: 'female', age: 29, city: 'Haarlem', fictional: true }),
  messages: [msg(1, 42, 'Hello Fiona, how are you?'), msg(2, 9, 'Fine!'), msg(3, 42, 'Shall we meet?')],
  waiting_since: '2026-11-28T09:00:00.000Z',
  claim: { operator_id: 1, operator_email: 'op@example.com', until: inFive(), seconds_left: 300, mine: true },
  ...over,
});

describe('inbox: the list', () => {
  it('shows who waits for whom, oldest first, with the counts per operator', async () => {
    await renderSection(<InboxSection path={[]} />, {
      'GET /api/operator/chat/inbox': () => listOf([entry(), entry({ conversation_id: 8, member: { id: 43, name: 'Ann', country: 'DE' }, last_kind: 'photo', last_text: '', claim: { operator_id: 2, operator_email: 'other@example.com', until: inFive(), seconds_left: 300, mine: false } })]),
    });
    const table = await screen.findByRole('table', { name: /Conversations waiting for an answer, oldest first: 2/ });
    const [, first, second] = within(table).getAllByRole('row');
    expect(text(first!)).toContain('Tom (NL)');
    expect(text(first!)).toContain('Fiona');
    expect(text(first!)).toContain('Hello Fiona, how are you?');
    expect(text(first!)).toContain('nobody');
    expect(text(second!)).toContain('[photo]');
    expect(text(second!)).toContain('other@example.com');
    // Someone else's claim: that row cannot be taken.
    expect(within(second!).getByRole('button', { name: 'Take the conversation of Ann with Fiona' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Answered today').nextSibling?.textContent).toBe('3');
    const ops = screen.getByRole('table', { name: /Answers per operator today/ });
    expect(text(ops)).toContain('op@example.com');
    expect(text(ops)).toContain('2:05');
  });

  it('takes a row, or the next one, and opens it', async () => {
    const claim = vi.fn(() => ({ conversation_id: 7, claim: { operator_id: 1, operator_email: 'op@example.com', until: inFive(), seconds_left: 300, mine: true } }));
    const next = vi.fn()
      .mockReturnValueOnce({ conversation_id: 7, claim: { operator_id: 1, operator_email: 'op@example.com', until: inFive(), seconds_left: 300, mine: true } })
      .mockReturnValueOnce({ conversation_id: null, claim: null });
    const { navigate } = await renderSection(<InboxSection path={[]} />, {
      'GET /api/operator/chat/inbox': () => listOf([entry()]),
      'POST /api/operator/chat/claim': claim,
      'POST /api/operator/chat/claim-next': next,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Take the conversation of Tom with Fiona' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/operator/inbox/7'));
    expect(claim).toHaveBeenCalledWith({ conversation_id: 7 }, undefined);
    navigate.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Take the next' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/operator/inbox/7'));
    fireEvent.click(screen.getByRole('button', { name: 'Take the next' }));
    expect(await screen.findByText('Nothing is waiting that nobody else holds.')).toBeTruthy();
  });

  it('says in words who took a conversation first', async () => {
    const { navigate } = await renderSection(<InboxSection path={[]} />, {
      'GET /api/operator/chat/inbox': () => listOf([entry()]),
      'POST /api/operator/chat/claim': () => { throw new ApiError(409, 'claimed', 'Another operator', { operator: 'other@example.com' }); },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Take the conversation of Tom with Fiona' }));
    expect((await screen.findByRole('alert')).textContent).toBe('other@example.com has already taken this conversation.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says in words why a conversation cannot be answered now', async () => {
    const reasons = ['member_unconfirmed', 'member_unreachable'];
    await renderSection(<InboxSection path={[]} />, {
      'GET /api/operator/chat/inbox': () => listOf([entry()]),
      'POST /api/operator/chat/claim': () => { throw new ApiError(409, 'not_answerable', 'Not now', { reason: reasons.shift()! }); },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Take the conversation of Tom with Fiona' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This member has not confirmed the e-mail address yet: the conversation can be answered once they do.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Take the conversation of Tom with Fiona' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Take the conversation of Tom with Fiona' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^This member cannot receive messages now/));
  });

  it('refreshes every 10 seconds while visible', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const list = vi.fn(() => listOf([entry()]));
    await renderSection(<InboxSection path={[]} />, { 'GET /api/operator/chat/inbox': list });
    await screen.findByRole('table', { name: /oldest first: 1/ });
    expect(list).toHaveBeenCalledTimes(1);
    await act(async () => { vi.advanceTimersByTime(10_000); });
    expect(list).toHaveBeenCalledTimes(2);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => { vi.advanceTimersByTime(30_000); });
    expect(list).toHaveBeenCalledTimes(2);
  });
});

describe('inbox: one conversation', () => {
  it('shows both profiles, every message and the time left on the claim', async () => {
    await renderSection(<InboxSection path={['7']} />, { 'GET /api/operator/chat/conversation': () => conversationOf() });
    expect(await screen.findByRole('heading', { name: 'Tom writes to Fiona' })).toBeTruthy();
    const member = screen.getByRole('region', { name: 'Member' });
    expect(text(member)).toContain('Tom');
    expect(text(member)).toContain('34 years, Utrecht (NL)');
    expect(text(member)).toContain('Cycling and coffee.');
    expect(within(member).getByRole('img', { name: 'Photo of Tom' }).getAttribute('src')).toBe('/p/1t.jpg');
    const fictional = screen.getByRole('region', { name: 'Fictional profile' });
    expect(text(fictional)).toContain('29 years, Haarlem (NL)');
    expect(text(fictional)).toContain('No photo');
    const thread = screen.getByRole('list', { name: /Every message/ });
    expect(within(thread).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual(['Hello Fiona, how are you?', 'Fine!', 'Shall we meet?']);
    expect(screen.getByRole('timer').textContent).toMatch(/You hold this conversation for another [45]:\d\d/);
    expect(screen.getByLabelText('Answer as Fiona')).toBeTruthy();
  });

  it('answers as the profile with a fresh key per message; a retry keeps its key', async () => {
    const bodies: { key: string; text: string }[] = [];
    let fail = true;
    const answer = vi.fn((body: unknown) => {
      const b = body as { key: string; text: string };
      bodies.push(b);
      if (fail) { fail = false; throw new Error('Network error'); }
      return { message: { ...msg(4, 9, b.text), key: b.key } };
    });
    await renderSection(<InboxSection path={['7']} />, {
      'GET /api/operator/chat/conversation': () => conversationOf(),
      'POST /api/operator/chat/answer': answer,
    });
    fireEvent.change(await screen.findByLabelText('Answer as Fiona'), { target: { value: 'Gladly, on Saturday?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Network error');
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Sent as Fiona.')).toBeTruthy();
    expect(bodies).toHaveLength(2);
    expect(bodies[0]!.key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(bodies[1]!.key).toBe(bodies[0]!.key);
    expect(bodies[1]).toMatchObject({ conversation_id: 7, text: 'Gladly, on Saturday?' });
    // Answered: the message is in the thread, the wait and the claim are over.
    const thread = screen.getByRole('list', { name: /Every message/ });
    expect(within(thread).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByText('This conversation is answered: nothing is waiting.')).toBeTruthy();
    expect(screen.queryByLabelText('Answer as Fiona')).toBeNull();
  });

  it('says in words that the claim was lost, and who has it now', async () => {
    let claim: InboxConversationResponse['claim'] = { operator_id: 1, operator_email: 'op@example.com', until: inFive(), seconds_left: 300, mine: true };
    await renderSection(<InboxSection path={['7']} />, {
      'GET /api/operator/chat/conversation': () => conversationOf({ claim }),
      'POST /api/operator/chat/answer': () => {
        claim = { operator_id: 2, operator_email: 'other@example.com', until: inFive(), seconds_left: 300, mine: false };
        throw new ApiError(409, 'claim_lost', 'Your claim on this conversation has ended');
      },
    });
    fireEvent.change(await screen.findByLabelText('Answer as Fiona'), { target: { value: 'Hello there, Tom' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your claim on this conversation has ended. Take it again to answer.');
    expect(await screen.findByText(/other@example.com is answering this conversation/)).toBeTruthy();
    expect(screen.queryByLabelText('Answer as Fiona')).toBeNull();
  });

  it('tells when another operator took it over while the page was open', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let claim: InboxConversationResponse['claim'] = { operator_id: 1, operator_email: 'op@example.com', until: inFive(), seconds_left: 300, mine: true };
    await renderSection(<InboxSection path={['7']} />, { 'GET /api/operator/chat/conversation': () => conversationOf({ claim }) });
    await screen.findByRole('timer');
    claim = { operator_id: 2, operator_email: 'other@example.com', until: inFive(), seconds_left: 300, mine: false };
    await act(async () => { vi.advanceTimersByTime(10_000); });
    expect((await screen.findByRole('alert')).textContent).toBe('Your claim ended and other@example.com has taken the conversation. Your answer was not sent.');
  });

  it('releases the claim, and takes a free conversation', async () => {
    const release = vi.fn(() => ({ released: true }));
    const take = vi.fn(() => ({ conversation_id: 7, claim: { operator_id: 1, operator_email: 'op@example.com', until: inFive(), seconds_left: 300, mine: true } }));
    await renderSection(<InboxSection path={['7']} />, {
      'GET /api/operator/chat/conversation': () => conversationOf(),
      'POST /api/operator/chat/release': release,
      'POST /api/operator/chat/claim': take,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Release' }));
    expect(await screen.findByText('You released the conversation: another operator may take it.')).toBeTruthy();
    expect(release).toHaveBeenCalledWith({ conversation_id: 7 }, undefined);
    expect(screen.queryByLabelText('Answer as Fiona')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Take it' }));
    expect(await screen.findByLabelText('Answer as Fiona')).toBeTruthy();
  });

  it('formats durations as minutes and seconds', () => {
    expect(duration(0)).toBe('0:00');
    expect(duration(125)).toBe('2:05');
    expect(duration(3725)).toBe('1:02:05');
  });
});

describe('chat console texts', () => {
  const keys = (o: object, p = ''): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v as object, `${p}${k}.`) : [`${p}${k}`])).sort();
  it('has every key in English, Dutch and German, none empty', () => {
    expect(keys(nl)).toEqual(keys(en));
    expect(keys(de)).toEqual(keys(en));
    const values = (o: object): unknown[] => Object.values(o).flatMap((v) => (typeof v === 'object' && v ? values(v as object) : [v]));
    for (const l of [en, nl, de]) expect(values(l).every((v) => typeof v === 'string' && v.trim() !== '')).toBe(true);
  });
});
