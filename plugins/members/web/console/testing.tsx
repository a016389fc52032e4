// A members console section in the console's context for web unit tests: real console texts
// (English), a scripted API (every call's input and options recorded), a recorded navigate.
import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { vi } from 'vitest';
import type { Api } from '../../../../kernel/web/api.ts';
import { ConsoleContext } from '../../../../kernel/web/console/context.ts';
import { fakeApi } from '../../../../kernel/web/testing.ts';
import en from '../../console/locales/en.json';

configure({ asyncUtilTimeout: 5000 });

type Handler = Parameters<typeof fakeApi>[0][string];

export async function renderSection(node: ReactNode, routes: Record<string, Handler>) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en', resources: { en: { 'members-console': en, console: {} } }, defaultNS: 'console', interpolation: { escapeValue: false },
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
  const view = render(
    <I18nextProvider i18n={i18n}>
      <ConsoleContext.Provider value={{ staff: { user_id: 1, email: 'op@example.com', role: 'operator', idle_minutes: 30 }, api, navigate, sessionEnded: vi.fn() }}>
        {node}
      </ConsoleContext.Provider>
    </I18nextProvider>,
  );
  return { api: fake, inputs, navigate, view };
}

/** An element's text with Intl's no-break spaces as plain spaces. */
export const text = (el: Element) => (el.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
