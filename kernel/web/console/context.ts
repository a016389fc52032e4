import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { Api } from '../api.ts';
import type { StaffView } from '../../contract/console.ts';

/** What every console page gets: the staff member, the typed API client, navigation. */
export interface ConsoleKernel {
  staff: StaffView;
  api: Api;
  navigate(to: string): void;
  /** The session ended (idle, logged out elsewhere): back to the login form. */
  sessionEnded(): void;
}

export const ConsoleContext = createContext<ConsoleKernel | null>(null);

/**
 * The console inside a section page: `{ staff, api, navigate, t }`, `t` reading the section's
 * plugin's console texts (namespace `<plugin>-console`; the shell's own are `console`).
 */
export function useConsole(plugin?: string) {
  const kernel = useContext(ConsoleContext);
  if (!kernel) throw new Error('useConsole outside the console');
  const { t, i18n } = useTranslation(plugin ? `${plugin}-console` : 'console');
  return { ...kernel, t, i18n };
}
