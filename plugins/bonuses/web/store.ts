import { types } from 'mobx-state-tree';
import { storeSlice } from '../../../kernel/web/slice.ts';
import type { TimeBonus } from '../contract.ts';

/** Where closing the time-bonus modal is remembered (kernel dismissals: a timestamp, for good). */
export const MODAL_DISMISS_KEY = 'time-bonus-modal';
/** The modal opens after this long in the members area (credits 0, not dismissed, bonus visible). */
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;

/**
 * The member's time bonus as the server gave it, and when (Date.now()): the countdown runs from
 * there. Cleared on logout, at zero, when the member becomes paid.
 */
export const BonusStore = types
  .model('BonusStore', {
    bonus: types.maybeNull(types.frozen<TimeBonus>()),
    loadedAt: 0,
  })
  .views((self) => ({
    get visible() {
      return !!self.bonus?.visible && self.bonus.remaining > 0;
    },
  }))
  .actions((self) => ({
    load(bonus: TimeBonus, at = Date.now()) {
      self.bonus = bonus;
      self.loadedAt = at;
    },
    clear() {
      self.bonus = null;
    },
  }));

export const bonusSlice = storeSlice('bonuses', BonusStore);
