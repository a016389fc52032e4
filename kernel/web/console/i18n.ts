import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The console's languages to start with (the member app has 11). */
export const CONSOLE_LANGUAGES = ['en', 'nl', 'de'] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];
const STORE_KEY = 'console-language';

/** The staff member's choice, else the browser's language when the console has it, else English. */
export function initialLanguage(): ConsoleLanguage {
  const saved = (() => { try { return localStorage.getItem(STORE_KEY); } catch { return null; } })();
  const wanted = [saved, ...(navigator.languages ?? [navigator.language])].map((l) => l?.slice(0, 2));
  return (wanted.find((l) => (CONSOLE_LANGUAGES as readonly (string | undefined)[]).includes(l)) as ConsoleLanguage | undefined) ?? 'en';
}
export function rememberLanguage(l: ConsoleLanguage) {
  try { localStorage.setItem(STORE_KEY, l); } catch { /* private mode: the choice lasts this visit */ }
}

/** Texts by namespace for one language: the shell's ("console") and each plugin's ("<id>-console"). */
export type ConsoleTexts = (lng: ConsoleLanguage) => Promise<Record<string, Record<string, unknown>>>;

export async function createConsoleI18n(lng: ConsoleLanguage, texts: ConsoleTexts): Promise<I18n> {
  const i18n = i18next.createInstance();
  const resources: Resource = { [lng]: await texts(lng) };
  // English under every other language: a text missing in Dutch shows in English, never as a key.
  if (lng !== 'en') resources.en = await texts('en');
  await i18n.use(initReactI18next).init({
    lng, fallbackLng: 'en', resources, defaultNS: 'console', ns: Object.keys(resources[lng]),
    interpolation: { escapeValue: false }, returnNull: false,
  });
  return i18n;
}

export async function switchLanguage(i18n: I18n, lng: ConsoleLanguage, texts: ConsoleTexts) {
  if (!i18n.hasResourceBundle(lng, 'console')) {
    for (const [ns, bundle] of Object.entries(await texts(lng))) i18n.addResourceBundle(lng, ns, bundle, true, true);
  }
  rememberLanguage(lng);
  await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}
