// Every plugin's contribution to the operator console, found by the console build only (a plugin's
// sections are its plugins/<id>/console.ts and nothing else): members' pages never load any of it.
// Texts: plugins/<id>/console/locales/<lng>.json, namespace "<id>-console", loaded per language.
import type { ConsoleContribution } from '../kernel/web/console/define.ts';

const contributions = import.meta.webpackContext('./', { recursive: true, regExp: /^\.\/[a-z0-9-]+\/console\.ts$/ });
export const consolePlugins: ConsoleContribution[] = contributions.keys().map((k) => (contributions(k) as { default: ConsoleContribution }).default);

const texts = import.meta.webpackContext('./', { recursive: true, regExp: /^\.\/[a-z0-9-]+\/console\/locales\/[a-z]{2}\.json$/ });
const json = (m: unknown) => ((m as { default?: Record<string, unknown> }).default ?? m) as Record<string, unknown>;
export async function consoleTexts(lng: string): Promise<Record<string, Record<string, unknown>>> {
  return Object.fromEntries(texts.keys().filter((k) => k.endsWith(`/${lng}.json`)).map((k) => [`${k.split('/')[1]}-console`, json(texts(k))]));
}
