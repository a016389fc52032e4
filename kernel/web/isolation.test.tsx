// A failing plugin shows an error in its own place and never blanks the page.
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createKernel } from './kernel.ts';
import { KernelContext } from './context.ts';
import { App } from './App.tsx';
import { Bus } from './bus.ts';
import { definePlugin } from './plugin.ts';
import { fakeApi } from './testing.ts';
import type { SiteSettings } from '../contract/settings.ts';
import { testPlugin } from './testing.ts';

function Broken(): never {
  throw new Error('the page exploded');
}

const plugins = [
  testPlugin({ id: 'fine', routes: [{ name: 'index', page: async () => ({ default: () => <h1>Home page</h1> }) }] }),
  testPlugin({ id: 'broken', routes: [{ name: 'members', page: async () => ({ default: Broken }) }],
    alerts: [{ id: 'bad-alert', priority: 1, when: () => true, component: async () => ({ default: Broken }) }] }),
];
const settings = { name: 'Site', domain_language: 'en-GB', plugins: [], countries: [] } as unknown as SiteSettings;

describe('plugin isolation', () => {
  it('keeps the layout and other slots alive when a page or an alert throws', async () => {
    const err = console.error;
    console.error = () => {};
    history.replaceState(null, '', '/');
    const { kernel, registry, dispose } = await createKernel(plugins, { api: fakeApi({}), bus: new Bus(), settings });
    render(
      <KernelContext.Provider value={{ kernel, registry }}>
        <I18nextProvider i18n={kernel.i18n}><App /></I18nextProvider>
      </KernelContext.Provider>,
    );
    act(() => kernel.router.start());
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    // The broken alert shows its own error line; the page still renders.
    expect(await screen.findByText('This part of the page could not be shown.')).toBeTruthy();

    act(() => kernel.router.go('/members'));
    expect(await screen.findByRole('heading', { name: 'the page exploded' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.getByLabelText('Language')).toBeTruthy();

    act(() => kernel.router.go('/'));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    console.error = err;
    dispose();
  });
});
