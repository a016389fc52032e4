import { observable, runInAction } from 'mobx';

const PREFIX = 'dismissed:';
const state = observable.map<string, number>();

function read(key: string): number | null {
  try {
    const v = localStorage.getItem(PREFIX + key);
    return v ? Number(v) : null;
  } catch {
    return null;
  }
}

/** Dismissed alerts and modals, stored with a timestamp; once stored the item stays hidden. */
export const dismissals = {
  isDismissed(key: string): boolean {
    if (!state.has(key)) {
      const at = read(key);
      if (at != null) runInAction(() => state.set(key, at));
      return at != null;
    }
    return true;
  },
  dismiss(key: string, now = Date.now()) {
    try {
      localStorage.setItem(PREFIX + key, String(now));
    } catch { /* private mode: remembered for this page only */ }
    runInAction(() => state.set(key, now));
  },
};
