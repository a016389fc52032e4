import { afterEach, describe, expect, it } from 'vitest';
import { act, configure, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createKernel } from '../../../kernel/web/kernel.ts';
import { KernelContext } from '../../../kernel/web/context.ts';
import { App } from '../../../kernel/web/App.tsx';
import { Bus } from '../../../kernel/web/bus.ts';
import { ApiError } from '../../../kernel/web/api-error.ts';
import { fakeApi } from '../../../kernel/web/testing.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import authManifest from '../../auth/manifest.ts';
import homeManifest from '../manifest.ts';
import { nicheName } from './niche.ts';

configure({ asyncUtilTimeout: 5000 });
const base = {
  domain: 'localhost', domain_language: 'en-GB', name: 'FlirtHaven', index_title: '', description: '', niche: 1, plugins: [],
  countries: ['GB'], enable_site_entry_popup: 'no',
} as Partial<SiteSettings>;

const disposers: (() => void)[] = [];
afterEach(() => {
  disposers.splice(0).forEach((d) => d());
  document.cookie = 'i18n_redirected=; Max-Age=0; Path=/';
  document.head.querySelector('meta[name="description"]')?.remove();
});

async function home(settings: Partial<SiteSettings>) {
  history.replaceState(null, '', '/');
  const api = fakeApi({ 'GET /api/user.php': () => { throw new ApiError(403, 'authentication_required', 'x'); } });
  const { kernel, registry, dispose } = await createKernel([authManifest, homeManifest], { api, bus: new Bus(), settings: { ...base, ...settings } as SiteSettings });
  disposers.push(dispose);
  // Page chunks bring their texts to the first kernel of a file only.
  await kernel.i18n.loadNamespaces(['home']);
  render(
    <KernelContext.Provider value={{ kernel, registry }}>
      <I18nextProvider i18n={kernel.i18n}><App /></I18nextProvider>
    </KernelContext.Provider>,
  );
  act(() => kernel.router.start());
  return kernel;
}
const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

describe('the front page of a niche site', () => {
  it('names the niches 1–7 as the spec does', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 9].map(nicheName)).toEqual(['default', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay', 'default']);
  });

  const cases: [number, string, string, string][] = [
    [1, 'Meet singles near you', 'Join FlirtHaven and start chatting with singles near you today.', 'Chat, flirt and date with real members across Europe.'],
    [2, 'Dating made for women', 'Join FlirtHaven: men near you are looking forward to meeting you, and you decide who you talk to.', 'Meet men who are looking for a woman like you: chat, flirt and date at your own pace.'],
    [4, 'Curvy, confident and ready to date', 'Join FlirtHaven and meet curvy singles who are happy in their own skin.', 'Meet curvy, full-figured singles and the people who adore them just as they are.'],
    [5, 'Meet women over 60', 'Join FlirtHaven and meet women over 60 who know exactly what they want.', 'Chat and date with warm, experienced women aged 60 and over.'],
    [7, 'Men meeting men', 'Join FlirtHaven and meet men near you who are looking for men.', 'Chat, flirt and date with gay and bi men near you.'],
  ];
  for (const [niche, title, lead, meta] of cases) {
    it(`niche ${niche}: its own title, hero copy and description where the domain sets none`, async () => {
      await home({ niche });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByText(lead)).toBeTruthy();
      // The head follows the page once it has rendered (an effect): wait for it.
      await waitFor(() => expect(description()).toBe(meta));
    });
  }

  it('in the reader\'s language; a domain\'s own title and description for readers of its language only', async () => {
    const kernel = await home({ niche: 6, domain_language: 'de-DE', index_title: 'Reife Frauen in deiner Nähe', description: 'Unsere eigene Beschreibung.' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reife Frauen in deiner Nähe' })).toBeTruthy();
    expect(screen.getByText('Werde Mitglied bei FlirtHaven und triff selbstsichere Frauen in deiner Nähe, die wissen, was sie wollen.')).toBeTruthy();
    // The head follows the page once it has rendered (an effect): wait for it.
    await waitFor(() => expect(description()).toBe('Unsere eigene Beschreibung.'));
    await act(() => kernel.setLocale('fr'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rencontrez des femmes sûres d\'elles, dans la force de l\'âge' })).toBeTruthy();
    await waitFor(() => expect(description()).toBe('Discutez et sortez avec des femmes sûres d\'elles et expérimentées de 35 à 55 ans.'));
    // The window title stays the kernel's (the site's name on the front page).
    expect(document.title).toBe('FlirtHaven');
  });
});
