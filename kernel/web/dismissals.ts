import { observable, runInAction } from 'mobx';
import { DISMISSED_COOKIE } from '../contract/dismissed.ts';
import { readCookie, writeCookie } from './cookies.ts';

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

/** The key joins the cookie the server reads, so its next render of a page leaves the item out too. */
function tellServer(key: string) {
  // As written here (the server checks each key it reads: contract/dismissed.ts).
  const keys = (readCookie(DISMISSED_COOKIE) ?? '').split('.').filter(Boolean);
  if (!keys.includes(key)) writeCookie(DISMISSED_COOKIE, [...keys, key].join('.'));
}

/** Dismissed alerts and modals, stored with a timestamp; once stored the item stays hidden. */
export const dismissals = {
  isDismissed(key: string): boolean {
    if (!state.has(key)) {
      const at = read(key);
      if (at != null) {
        runInAction(() => state.set(key, at));
        // Dismissed before the cookie existed.
        tellServer(key);
      }
      return at != null;
    }
    return true;
  },
  dismiss(key: string) {
    const now = Date.now();
    try {
      localStorage.setItem(PREFIX + key, String(now));
    } catch { /* private mode: remembered for this page only */ }
    tellServer(key);
    runInAction(() => state.set(key, now));
  },
};
