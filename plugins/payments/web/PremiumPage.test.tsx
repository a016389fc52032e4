import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { member, openApp, plOffer } from './testing.tsx';

const disposers: (() => void)[] = [];
afterEach(() => { disposers.splice(0).forEach((d) => d()); });

describe('premium page', () => {
  it('says what premium gives, the 46% claim, and the packages', async () => {
    const app = await openApp('/premium', member({ paid_user: false }), { 'GET /api/credits.php': () => plOffer() });
    disposers.push(app.dispose);
    expect(await screen.findByRole('heading', { level: 1, name: 'Premium membership' })).toBeTruthy();
    const benefits = screen.getByRole('list', { name: 'What premium gives you' });
    expect(within(benefits).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Upload up to 25 photos', 'See all photos of every member, unblurred', 'No limit on the number of conversations',
    ]);
    expect(screen.getByText('Premium members have a 46% higher chance of a match!')).toBeTruthy();
    const packages = await screen.findByRole('list', { name: 'Credit packages' });
    expect(within(packages).getAllByRole('link', { name: /^Choose/ }).map((a) => a.getAttribute('href'))).toEqual(['/credits/1', '/credits/2', '/credits/3', '/credits/4']);
    expect(screen.queryByText(/You are a premium member/)).toBeNull();
    // A members-area route (time bonus and banners).
    await waitFor(() => expect(app.kernel.ctx.area).toBe('members'));
  });
});
