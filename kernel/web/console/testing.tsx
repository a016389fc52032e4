// A plugin's console section in the console's context for web unit tests: the plugin's real console
// texts (English), a scripted API (every call's input and options recorded), a recorded navigate.
import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { vi } from 'vitest';
import type { Api } from '../api.ts';
import { ConsoleContext } from './context.ts';
import { fakeApi } from '../testing.ts';
import type { StaffView } from '../../contract/console.ts';

configure({ asyncUtilTimeout: 5000 });

export type RouteHandler = Parameters<typeof fakeApi>[0][string];

export interface SectionTexts {
  /** The plugin's console namespace, `<plugin>-console`. */
  ns: string;
  /** Its English texts (`plugins/<id>/console/locales/en.json`). */
  en: Record<string, unknown>;
  /** Who looks: an admin unless said. */
  role?: StaffView['role'];
}

export async function renderConsoleSection(node: ReactNode, routes: Record<string, RouteHandler>, { ns, en, role = 'admin' }: SectionTexts) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en', resources: { en: { [ns]: en, console: {} } }, defaultNS: 'console', interpolation: { escapeValue: false },
  });
  const fake = fakeApi(routes);
  const inputs: { path: string; input: unknown; opts: unknown }[] = [];
  const api: Api = {
    call: ((e: { method: string; path: string }, input?: unknown, opts?: unknown) => {
      inputs.push({ path: `${e.method} ${e.path}`, input, opts });
      return (fake.call as (...a: unknown[]) => unknown)(e, input, opts);
    }) as Api['call'],
    beacon: fake.beacon,
  };
  const navigate = vi.fn();
  const staff = { user_id: 1, email: role === 'admin' ? 'admin@example.com' : 'op@example.com', role, idle_minutes: 30 };
  const view = render(
    <I18nextProvider i18n={i18n}>
      <ConsoleContext.Provider value={{ staff, api, navigate, sessionEnded: vi.fn() }}>
        {node}
      </ConsoleContext.Provider>
    </I18nextProvider>,
  );
  return { api: fake, inputs, navigate, view };
}

/** An element's text with Intl's no-break spaces as plain spaces. */
export const text = (el: Element) => (el.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
