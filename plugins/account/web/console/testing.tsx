// The members console section in the console's context for web unit tests: real console texts
// (English), a scripted API, a recorded navigate, a staff member of the role asked for.
import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { vi } from 'vitest';
import { ConsoleContext } from '../../../../kernel/web/console/context.ts';
import { fakeApi } from '../../../../kernel/web/testing.ts';
import en from '../../console/locales/en.json';

configure({ asyncUtilTimeout: 5000 });

type Handler = Parameters<typeof fakeApi>[0][string];

export async function renderSection(node: ReactNode, routes: Record<string, Handler>, role: 'operator' | 'admin' = 'operator') {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en', resources: { en: { 'account-console': en, console: {} } }, defaultNS: 'console', interpolation: { escapeValue: false },
  });
  const api = fakeApi(routes);
  const navigate = vi.fn();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <ConsoleContext.Provider value={{ staff: { user_id: 1, email: `${role}@example.com`, role, idle_minutes: 30 }, api, navigate, sessionEnded: vi.fn() }}>
        {node}
      </ConsoleContext.Provider>
    </I18nextProvider>,
  );
  return { api, navigate, view };
}
