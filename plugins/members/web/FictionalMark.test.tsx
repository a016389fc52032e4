import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createKernel } from '../../../kernel/web/kernel.ts';
import { KernelContext } from '../../../kernel/web/context.ts';
import { Bus } from '../../../kernel/web/bus.ts';
import { fakeApi, testPlugin } from '../../../kernel/web/testing.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import authManifest from '../../auth/manifest.ts';
import membersManifest from '../manifest.ts';
import { FictionalBadge, FictionalNotice, fictionalWording } from './FictionalMark.tsx';

// The fictional-profile disclosure: the domain's icon and wording in its own language, the plugin's
// translation in any other; the badge always, the plain-words notice unless the domain switches it off.

const credits = testPlugin({ id: 'credits', requires: ['auth'] });
const disposers: (() => void)[] = [];
afterEach(() => { cleanup(); disposers.splice(0).forEach((d) => d()); });

async function show(settings: Partial<SiteSettings>, language: string) {
  const { kernel, registry, dispose } = await createKernel([authManifest, credits, membersManifest], {
    api: fakeApi({}), bus: new Bus(),
    settings: { domain: 'nl.localhost', domain_language: 'nl-NL', name: 'Flirt', countries: ['NL'], plugins: ['members'], ...settings } as SiteSettings,
  });
  disposers.push(dispose);
  await kernel.i18n.changeLanguage(language);
  await kernel.i18n.loadNamespaces(['members']);
  render(
    <KernelContext.Provider value={{ kernel, registry }}>
      <I18nextProvider i18n={kernel.i18n}><h1>Mila <FictionalBadge /></h1><FictionalNotice name="Mila" /></I18nextProvider>
    </KernelContext.Provider>,
  );
  return kernel;
}

describe('fictional wording', () => {
  const t = ((key: string) => `T:${key}`) as never;
  const settings = { fictional_icon: '★', fictional_singular: 'fictief profiel', fictional_plural: 'fictieve profielen', domain_language: 'nl-NL' };
  it("takes the domain's words in the domain's language, the translation in any other", () => {
    expect(fictionalWording(settings, t, 'nl')).toEqual({ icon: '★', singular: 'fictief profiel', plural: 'fictieve profielen' });
    expect(fictionalWording(settings, t, 'de')).toEqual({ icon: '★', singular: 'T:members:fictional.singular', plural: 'T:members:fictional.plural' });
  });
  it('falls back to a sign and the translation when the domain sets none', () => {
    expect(fictionalWording({ domain_language: 'nl-NL', fictional_icon: ' ', fictional_singular: '', fictional_plural: '' }, t, 'nl'))
      .toEqual({ icon: '\u24D8', singular: 'T:members:fictional.singular', plural: 'T:members:fictional.plural' });
  });
});

describe('the disclosure on a page', () => {
  it('shows the badge and the notice in the reader\'s language', async () => {
    await show({ fictional_icon: '★', fictional_singular: 'fictief profiel', fictional_plural: 'fictieve profielen', fictional_warning: true }, 'nl');
    expect(screen.getByRole('heading').textContent).toContain('fictief profiel');
    expect(screen.getByRole('note').textContent).toContain('Mila');
  });
  it('keeps the badge when the domain switches the notice off', async () => {
    await show({ fictional_icon: '★', fictional_singular: 'fictief profiel', fictional_plural: 'fictieve profielen', fictional_warning: false }, 'en');
    const badge = screen.getByRole('heading').querySelector('[data-fictional]');
    expect(badge?.textContent).toMatch(/★/);
    expect(badge?.textContent?.toLowerCase()).not.toContain('fictief');
    expect(screen.queryByRole('note')).toBeNull();
  });
});
