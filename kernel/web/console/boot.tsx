import '../ui/fonts.css';
import '../ui/globals.ts';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { consolePlugins, consoleTexts as pluginTexts } from '../../../plugins/console.ts';
import { createApi } from '../api.ts';
import { Bus } from '../bus.ts';
import { Shell } from './Shell.tsx';
import { kernelConsole } from './sections/index.ts';
import { createConsoleI18n, initialLanguage, switchLanguage, type ConsoleLanguage, type ConsoleTexts } from './i18n.ts';

// The operator console's entry (its own build, kernel/web/console): the kernel's sections (domains,
// audit log) and every plugin's, found in plugins/<id>/console.ts.
// Three languages of a few kilobytes each: bundled with the console rather than fetched.
const shellTexts = import.meta.webpackContext('./locales', { recursive: false, regExp: /^\.\/[a-z]{2}\.json$/ });
const json = (m: unknown) => ((m as { default?: Record<string, unknown> }).default ?? m) as Record<string, unknown>;
const texts: ConsoleTexts = async (lng) => ({ console: json(shellTexts(`./${lng}.json`)), ...(await pluginTexts(lng)) });

function Console({ initial, i18n }: { initial: ConsoleLanguage; i18n: Awaited<ReturnType<typeof createConsoleI18n>> }) {
  const [language, setLanguage] = useState(initial);
  const [api] = useState(() => createApi({ bus: new Bus() }));
  return (
    <I18nextProvider i18n={i18n}>
      <Shell api={api} contributions={[kernelConsole, ...consolePlugins]} language={language}
        onLanguage={(l) => { void switchLanguage(i18n, l, texts).then(() => setLanguage(l)); }} />
    </I18nextProvider>
  );
}

const lng = initialLanguage();
document.documentElement.lang = lng;
void createConsoleI18n(lng, texts).then((i18n) => {
  createRoot(document.getElementById('root')!).render(<Console initial={lng} i18n={i18n} />);
});
