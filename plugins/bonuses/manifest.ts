import { reaction } from 'mobx';
import { definePlugin, type SlotContext } from '../../kernel/web/plugin.ts';
import { dismissals } from '../../kernel/web/dismissals.ts';
import { authSlice } from '../auth/ui.ts';
import { TIME_BONUS_MODAL_DELAY_MS, type TimeBonus } from './contract.ts';
import { bonusSlice, MODAL_DISMISS_KEY } from './web/store.ts';
import bonusesPlugin from './plugin.ts';

// Kept tiny (it is in the initial JavaScript): the state, the fetch and the timers; the banner and
// the modal load lazily.
const member = (ctx: SlotContext) => (ctx.loggedIn ? authSlice.of(ctx).user : null);
/** A member's time bonus shows in the members area while it runs. */
const shown = (ctx: SlotContext) => !!member(ctx) && ctx.area === 'members' && bonusSlice.of(ctx).visible;

export default definePlugin(bonusesPlugin, {
  store: bonusSlice,
  banners: [{ id: 'time-bonus', slot: 'banner', order: 10, height: { phone: 62, wide: 44 }, when: shown, component: () => import('./web/TimeBonusBanner.tsx') }],
  modals: [{ id: 'time-bonus', size: 'md', component: () => import('./web/TimeBonusModal.tsx') }],
  setup(kernel) {
    const { ctx } = kernel;
    const bonus = bonusSlice.of(kernel);
    let end: ReturnType<typeof setTimeout> | undefined;
    let modal: ReturnType<typeof setTimeout> | undefined;
    // Loaded on login (or a new member); none for visitors and paid members.
    const load = (id: number | null) => {
      clearTimeout(end);
      bonus.clear();
      if (id == null) return;
      kernel.api.get<TimeBonus>('/api/timebonus.php', { retries: 1 }).then((b) => {
        const now = member(ctx);
        if (now?.id !== id || now.paid_user) return; // logged out or paid meanwhile
        bonus.load(b);
        // At zero it is over, whether or not a banner is counting.
        if (b.visible) end = setTimeout(() => bonus.clear(), b.remaining * 1000);
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
