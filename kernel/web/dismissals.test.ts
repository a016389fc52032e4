import { beforeEach, describe, expect, it } from 'vitest';
import { dismissedKeys } from '../contract/dismissed.ts';
import { readCookie } from './cookies.ts';
import { dismissals } from './dismissals.ts';

describe('the dismissed cookie', () => {
  it('reads well-formed keys once each, in order', () => {
    expect(dismissedKeys('enrich-alert.push-alert.enrich-alert')).toEqual(['enrich-alert', 'push-alert']);
    expect(dismissedKeys(undefined)).toEqual([]);
    expect(dismissedKeys('')).toEqual([]);
  });

  it('drops what is not a key and caps a forged value', () => {
    expect(dismissedKeys('<b>..Upper.a b.ok')).toEqual(['ok']);
    expect(dismissedKeys(Array.from({ length: 50 }, (_, i) => `k${i}`).join('.'))).toHaveLength(32);
    expect(dismissedKeys('a'.repeat(2001))).toEqual([]);
  });
});

describe('dismissals', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = 'dismissed=; Max-Age=0; Path=/';
  });

  it('a dismissal is stored in the browser and named in the cookie the server reads', () => {
    const before = Date.now();
    dismissals.dismiss('first-alert');
    dismissals.dismiss('second-alert');
    expect(dismissals.isDismissed('first-alert')).toBe(true);
    expect(Number(localStorage.getItem('dismissed:second-alert'))).toBeGreaterThanOrEqual(before);
    expect(dismissedKeys(readCookie('dismissed'))).toEqual(['first-alert', 'second-alert']);
  });

  it('one stored before the cookie existed joins it when it is read', () => {
    localStorage.setItem('dismissed:older-alert', '500');
    expect(dismissals.isDismissed('older-alert')).toBe(true);
    expect(dismissedKeys(readCookie('dismissed'))).toEqual(['older-alert']);
    expect(dismissals.isDismissed('never-alert')).toBe(false);
    expect(dismissedKeys(readCookie('dismissed'))).toEqual(['older-alert']);
  });
});
