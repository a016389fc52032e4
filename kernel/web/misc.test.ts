import { describe, expect, it, vi } from 'vitest';
import { badgeText } from './ui/Badge.tsx';
import { windowTitle } from './title.ts';
import { isChunkLoadError, reloadForChunkError } from './chunks.ts';
import { Bus } from './bus.ts';
import { initialLocale, LOCALE_COOKIE } from './i18n.ts';

describe('badges and title', () => {
  it('caps counts at 99+', () => {
    expect(badgeText(5)).toBe('5');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
  it('prefixes the title with the count only above 0', () => {
    expect(windowTitle(0, 'Search', 'Site')).toBe('Search – Site');
    expect(windowTitle(4, null, 'Site')).toBe('(4) Site');
  });
});

describe('chunk load failures', () => {
  it('recognises them', () => {
    expect(isChunkLoadError(Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });
  it('reloads at most once per 60 s', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const reload = vi.fn();
    expect(reloadForChunkError(storage, reload, 1_000_000)).toBe(true);
    expect(reloadForChunkError(storage, reload, 1_030_000)).toBe(false);
    expect(reloadForChunkError(storage, reload, 1_061_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('bus', () => {
  it('delivers typed events until unsubscribed, isolating failing handlers', () => {
    const bus = new Bus();
    const got: string[] = [];
    const off = bus.on('locale:changed', ({ locale }) => got.push(locale));
    bus.on('locale:changed', () => { throw new Error('bad handler'); });
    const err = console.error;
    console.error = () => {};
    bus.emit('locale:changed', { locale: 'de' });
    off();
    bus.emit('locale:changed', { locale: 'fr' });
    console.error = err;
    expect(got).toEqual(['de']);
  });
});

describe('initial locale', () => {
  it('prefers the cookie, then the domain language, then English', () => {
    document.cookie = `${LOCALE_COOKIE}=; Max-Age=0; Path=/`;
    expect(initialLocale('de-DE')).toBe('de');
    expect(initialLocale('nb-NO')).toBe('nb');
    expect(initialLocale(undefined)).toBe('en');
    document.cookie = `${LOCALE_COOKIE}=fr; Path=/`;
    expect(initialLocale('de-DE')).toBe('fr');
    document.cookie = `${LOCALE_COOKIE}=; Max-Age=0; Path=/`;
  });
});
