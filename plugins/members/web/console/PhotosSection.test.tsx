import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../kernel/web/api-error.ts';
import type { ConsolePhoto } from '../../contract.ts';
import PhotosSection from './PhotosSection.tsx';
import { renderSection, text } from './testing.tsx';

const photo = (over: Partial<ConsolePhoto> = {}): ConsolePhoto => ({
  id: 11, user_id: 4, member_name: 'Bert', thumb: '/media/t/11.jpg?sig=a', full: '/media/f/11.jpg?sig=b', visibility: 'shown', is_main: true,
  created_at: '2026-11-20T10:00:00.000Z', decision: null, status: 'open', claimed_by: null, claimed_until: null, mine: false, note: '', decided_by: null, closed_at: null, ...over,
});
const page = (items: ConsolePhoto[]) => ({ items, total: items.length, page: 1, per_page: 50 });
const mine = { status: 'claimed' as const, mine: true, claimed_by: { id: 1, email: 'op@example.com' }, claimed_until: '2026-11-20T10:15:00.000Z' };

describe('photo review queue', () => {
  it('shows the thumbnails the endpoint gives, claims one and hides it with a note', async () => {
    const claim = vi.fn(() => ({ photo: photo(mine) }));
    const decide = vi.fn(() => ({ photo: photo({ status: 'closed', decision: 'hidden', visibility: 'hidden', is_main: false, note: 'Not a portrait', decided_by: { id: 1, email: 'op@example.com' }, closed_at: '2026-11-20T10:05:00.000Z' }) }));
    await renderSection(<PhotosSection path={[]} />, {
      'GET /api/operator/members/photos': () => page([photo()]),
      'POST /api/operator/members/photos/claim': claim,
      'POST /api/operator/members/photos/decide': decide,
    });
    const list = await screen.findByRole('list', { name: 'Photos waiting for review' });
    const img = within(list).getByRole('img', { name: 'Photo 11 of Bert' });
    expect(img.getAttribute('src')).toBe('/media/t/11.jpg?sig=a');
    expect(within(list).getByRole('link', { name: 'Open photo 11 of Bert in full size' }).getAttribute('href')).toBe('/media/f/11.jpg?sig=b');
    fireEvent.click(within(list).getByRole('button', { name: 'Claim photo 11 of Bert' }));
    await waitFor(() => expect(claim).toHaveBeenCalledWith({ id: 11 }, undefined));
    expect(text(within(list).getByRole('listitem'))).toContain('Claimed by you until');
    fireEvent.click(within(list).getByRole('button', { name: 'Decide photo 11 of Bert' }));
    const dialog = screen.getByRole('dialog', { name: 'Review photo 11 of Bert' });
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Not a portrait' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide photo' }));
    await waitFor(() => expect(decide).toHaveBeenCalledWith({ id: 11, decision: 'hidden', note: 'Not a portrait' }, undefined));
    expect((await screen.findByRole('status')).textContent).toContain('Photo 11 of Bert is hidden.');
    const item = text(within(list).getByRole('listitem'));
    expect(item).toContain('Hidden');
    expect(item).toContain('Closed by op@example.com');
    expect(within(list).getByRole('button', { name: 'Show photo 11 of Bert again' })).toBeTruthy();
  });

  it('approves, releases, and says in words why a decision was refused', async () => {
    const decide = vi.fn((body?: unknown) => {
      if ((body as { decision: string }).decision === 'hidden') throw new ApiError(409, 'not_claimed', 'Claim the item first.');
      return { photo: photo({ status: 'closed', decision: 'approved', decided_by: { id: 1, email: 'op@example.com' }, closed_at: '2026-11-20T10:05:00.000Z' }) };
    });
    const release = vi.fn(() => ({ photo: photo({ id: 12 }) }));
    await renderSection(<PhotosSection path={[]} />, {
      'GET /api/operator/members/photos': () => page([photo(mine), photo({ ...mine, id: 12 })]),
      'POST /api/operator/members/photos/decide': decide,
      'POST /api/operator/members/photos/release': release,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Decide photo 11 of Bert' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide photo' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Claim the item first: it is not (or no longer) yours.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(decide).toHaveBeenLastCalledWith({ id: 11, decision: 'approved' }, undefined));
    expect((await screen.findByRole('status')).textContent).toContain('Photo 11 of Bert is approved.');
    fireEvent.click(screen.getByRole('button', { name: 'Release photo 12 of Bert' }));
    await waitFor(() => expect(release).toHaveBeenCalledWith({ id: 12 }, undefined));
  });

  it('filters by claimed, and shows a hidden photo again', async () => {
    const list = vi.fn((_b?: unknown, q?: unknown) => page((q as { status: string }).status === 'closed'
      ? [photo({ status: 'closed', decision: 'hidden', visibility: 'hidden', is_main: false, decided_by: { id: 2, email: 'other@example.com' }, closed_at: '2026-11-20T10:05:00.000Z' })]
      : []));
    const hide = vi.fn(() => ({ photo: photo({ status: 'closed', decision: 'approved', decided_by: { id: 1, email: 'op@example.com' }, closed_at: '2026-11-20T11:00:00.000Z' }) }));
    await renderSection(<PhotosSection path={[]} />, {
      'GET /api/operator/members/photos': list,
      'POST /api/operator/members/photos/hide': hide,
    });
    expect(await screen.findByText('No photos here.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Queue'), { target: { value: 'closed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Show photo 11 of Bert again' }));
    await waitFor(() => expect(hide).toHaveBeenCalledWith({ id: 11, hidden: false }, undefined));
    expect((await screen.findByRole('status')).textContent).toContain('Photo 11 of Bert is shown again.');
  });
});
