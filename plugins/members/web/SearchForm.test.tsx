import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createKernel } from '../../../kernel/web/kernel.ts';
import { KernelContext } from '../../../kernel/web/context.ts';
import { App } from '../../../kernel/web/App.tsx';
import { Bus } from '../../../kernel/web/bus.ts';
import { ApiError } from '../../../kernel/web/api-error.ts';
import { fakeApi, testPlugin } from '../../../kernel/web/testing.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import authManifest from '../../auth/manifest.ts';
import membersManifest from '../manifest.ts';
import { filtersSet, presetFilter } from './SearchForm.tsx';

configure({ asyncUtilTimeout: 5000 });
const credits = testPlugin({ id: 'credits', requires: ['auth'] });
const disposers: (() => void)[] = [];
afterEach(() => { disposers.splice(0).forEach((d) => d()); });

async function open(path: string, settings: Partial<SiteSettings>) {
  history.replaceState(null, '', path);
  const asked: Record<string, unknown>[] = [];
  const api = fakeApi({
    'GET /api/user.php': () => { throw new ApiError(403, 'authentication_required', 'x'); },
    'GET /api/members.php': (_b, q) => { asked.push(q ?? {}); return { profiles: [], total: 0, page: 1, per_page: 24 }; },
    'GET /api/regions.php': () => ({ countries: [] }),
  });
  const { kernel, registry, dispose } = await createKernel([authManifest, credits, membersManifest], {
    api, bus: new Bus(),
    settings: { domain: 'gilf.localhost', domain_language: 'en-GB', name: 'SilverHaven', countries: ['GB', 'DE'], plugins: ['members'], logged_out_search: 'all', enable_site_entry_popup: 'no', niche_audience: null, ...settings } as SiteSettings,
  });
  disposers.push(dispose);
  await kernel.i18n.loadNamespaces(['members']);
  render(
    <KernelContext.Provider value={{ kernel, registry }}>
      <I18nextProvider i18n={kernel.i18n}><App /></I18nextProvider>
    </KernelContext.Provider>,
  );
  act(() => kernel.router.start());
  return { kernel, asked };
}

describe('the search form on a niche site', () => {
  it('starts from the audience where the form has fields for it', () => {
    expect(presetFilter({})).toEqual({});
    expect(presetFilter({ genders: ['female'], min_age: 60 })).toEqual({ gender: 'female', min_age: '60' });
    expect(presetFilter({ genders: ['female'], min_age: 35, max_age: 55 })).toEqual({ gender: 'female', min_age: '35', max_age: '55' });
    expect(presetFilter({ genders: ['male'], seeking: ['male'] })).toEqual({ gender: 'male' });
    expect(presetFilter({ body_types: ['fat'] })).toEqual({});
    expect(presetFilter({ min_age: 90 })).toEqual({ min_age: '80' });
  });

  it('shows the gilf domain\'s women of 60+ in the form; the search itself asks without a filter (the server shows the audience), a submitted form with it', { timeout: 30_000 }, async () => {
    const { asked } = await open('/members', { niche: 5 });
    const gender = await screen.findByLabelText('Looking for') as HTMLSelectElement;
    expect(gender.value).toBe('female');
    expect((screen.getByLabelText('Minimum age') as HTMLInputElement).value).toBe('60');
    expect((screen.getByLabelText('Maximum age') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(asked[0]).toEqual({ page: '1' }));
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'DE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(location.search))).toEqual({ gender: 'female', country: 'DE', min_age: '60' }));
  });

  it('keeps the member\'s own filter from the address, and an empty form on the default site', async () => {
    await open('/members?gender=male&min_age=30', { niche: 5 });
    expect(((await screen.findByLabelText('Looking for')) as HTMLSelectElement).value).toBe('male');
    expect((screen.getByLabelText('Minimum age') as HTMLInputElement).value).toBe('30');
    cleanup();
    disposers.splice(0).forEach((d) => d());
    await open('/members', { niche: 1 });
    expect(((await screen.findByLabelText('Looking for')) as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Minimum age') as HTMLInputElement).value).toBe('');
  });

  it('follows an operator\'s audience (setting niche_audience) over the niche\'s', async () => {
    await open('/members', { niche: 5, niche_audience: { genders: ['male'], min_age: 40, max_age: 50 } });
    expect(((await screen.findByLabelText('Looking for')) as HTMLSelectElement).value).toBe('male');
    expect((screen.getByLabelText('Maximum age') as HTMLInputElement).value).toBe('50');
  });
});

describe('the filters fold away on a phone', () => {
  it('counts what the member set', () => {
    expect(filtersSet({})).toBe(0);
    expect(filtersSet({ gender: 'male', min_age: '30', country: '' })).toBe(2);
  });

  it('one control opens and closes the form and says how many filters are set; searching closes it', async () => {
    await open('/members?gender=male&min_age=30', { niche: 1 });
    const toggle = await screen.findByRole('button', { name: 'Filters 2 set' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const form = screen.getByRole('form', { name: 'Search filters' });
    expect(toggle.getAttribute('aria-controls')).toBe(form.id);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(form.parentElement!.hasAttribute('data-open')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
  });
});
