import { definePlugin } from '../../kernel/web/plugin.ts';
import languagePlugin from './plugin.ts';

/** /lang-config, reached from the footer and the account menu. */
export default definePlugin(languagePlugin, {
  pages: [{ name: 'lang-config', access: 'visitor', titleKey: 'language:title', page: () => import('./web/LanguagePage.tsx') }],
  // After the static pages' links (0–70, pricing 35).
  footerLinks: [{ id: 'language', order: 80, labelKey: 'language:nav', route: 'lang-config' }],
  navItems: [{ id: 'language', slot: 'account', order: 60, labelKey: 'language:nav', route: 'lang-config' }],
});
