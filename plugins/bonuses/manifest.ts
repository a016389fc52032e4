import { reaction } from 'mobx';
import { definePlugin, type SlotContext } from '../../kernel/web/plugin.ts';
import { dismissals } from '../../kernel/web/dismissals.ts';
import { authSlice } from '../auth/ui.ts';
import { bonusSlice, MODAL_DISMISS_KEY, TIME_BONUS_MODAL_DELAY_MS } from './web/store.ts';
import type { TimeBonus } from './contract.ts';
import bonusesPlugin from './plugin.ts';

declare module '../../kernel/web/plugin.ts' {
  interface ModalProps {
    /** The welcome bonus popup (no props: it reads the bonus from the store). */
    'time-bonus': object;
  }
}

// Kept tiny (it is in the initial JavaScript): the state, the fetch and the timers; the banner, the
// modal and the code form load lazily.
const member = (ctx: SlotContext) => (ctx.loggedIn ? authSlice.of(ctx).user : null);
/** A member's time bonus shows in the members area while it runs. */
const shown = (ctx: SlotContext) => !!member(ctx) && ctx.area === 'members' && bonusSlice.of(ctx).visible;

export default definePlugin(bonusesPlugin, {
  store: bonusSlice,
  banners: [{ id: 'time-bonus', slot: 'banner', order: 10, height: { phone: 62, wide: 44 }, when: shown, component: () => import('./web/TimeBonusBanner.tsx') }],
  modals: [{ id: 'time-bonus', size: 'md', component: () => import('./web/TimeBonusModal.tsx') }],
  // The discount-code form on /credits, in the payments plugin's place for discount sources.
  panels: [{ id: 'discount-code', slot: 'credits-discount', order: 10, component: () => import('./web/DiscountCodePanel.tsx') }],
  hydrate(kernel) {
    // A member's page carries their bonus (boot data): the strip is there from the first paint.
    const inline = kernel.bootData<TimeBonus | null>('time-bonus');
    const user = kernel.bootData<{ paid_user?: boolean } | null>('user');
    if (inline?.visible && user && !user.paid_user) bonusSlice.of(kernel).load(inline);
  },
  setup(kernel) {
    const { ctx } = kernel;
    const bonus = bonusSlice.of(kernel);
    let end: ReturnType<typeof setTimeout> | undefined;
    let modal: ReturnType<typeof setTimeout> | undefined;
    // The member whose bonus the page carried: theirs is not asked for again.
    let carried = bonus.bonus ? member(ctx)?.id ?? null : null;
    // At zero it is over, whether or not a banner is counting.
    const endAtZero = () => {
      const b = bonus.bonus;
      if (b?.visible) end = setTimeout(() => bonus.clear(), Math.max(0, b.remaining * 1000 - (Date.now() - bonus.loadedAt)));
    };
    // Loaded on login (or a new member); none for visitors and paid members.
    const load = (id: number | null) => {
      clearTimeout(end);
      if (id != null && id === carried) {
        carried = null;
        endAtZero();
        return;
      }
      carried = null;
      bonus.clear();
      if (id == null) return;
      // The contract (with payments' discount shapes) comes with this first call, not in the initial JavaScript.
      import('./contract.ts').then(({ timeBonus }) => kernel.api.call(timeBonus, {}, { retries: 1 })).then((b) => {
        const now = member(ctx);
        if (now?.id !== id || now.paid_user) return; // logged out or paid meanwhile
        bonus.load(b);
        endAtZero();
      }, () => {});
    };
    const offs = [
      reaction(() => { const u = member(ctx); return u && !u.paid_user ? u.id : null; }, load, { fireImmediately: true }),
      // 40 s in the members area with no credits opens the modal once; leaving the area cancels it.
      reaction(() => shown(ctx) && member(ctx)?.credits === 0 && !dismissals.isDismissed(MODAL_DISMISS_KEY), (due) => {
        clearTimeout(modal);
        if (due) modal = setTimeout(() => kernel.appState.openModal('time-bonus'), TIME_BONUS_MODAL_DELAY_MS);
      }, { fireImmediately: true }),
    ];
    return () => {
      offs.forEach((off) => off());
      clearTimeout(end);
      clearTimeout(modal);
    };
  },
});
