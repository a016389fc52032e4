import { defineConsole } from '../../kernel/web/console/define.ts';

/** The bonuses plugin's console section (admins: money): discount codes. Console build only. */
export default defineConsole({
  plugin: 'bonuses',
  sections: [
    { id: 'discount-codes', title: 'nav.codes', role: 'admin', order: 43, page: () => import('./web/console/DiscountCodesSection.tsx') },
  ],
});
