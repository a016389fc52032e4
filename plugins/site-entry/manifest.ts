import { reaction } from 'mobx';
import { definePlugin } from '../../kernel/web/plugin.ts';
import { isStandalone } from '../../kernel/web/standalone.ts';
import { SKIP_KEY, shouldWarn } from './rules.ts';
import siteEntryPlugin from './plugin.ts';

declare module '../../kernel/web/plugin.ts' {
  interface ModalProps {
    /** The adult-content warning before a visitor enters (no props). */
    'site-entry': object;
  }
}

const skipped = () => {
  try {
    return localStorage.getItem(SKIP_KEY) != null;
  } catch {
    return false;
  }
};

export default definePlugin(siteEntryPlugin, {
  modals: [{ id: 'site-entry', size: 'md', locked: () => true, component: () => import('./web/SiteEntryModal.tsx') }],
  setup(kernel) {
    return reaction(
      () => shouldWarn(kernel.ctx, { skipped: skipped(), standalone: isStandalone() }),
      (warn) => (warn ? kernel.appState.openModal('site-entry') : kernel.appState.closeModal('site-entry')),
      { fireImmediately: true },
    );
  },
});
