// A time of day and a day with its short month in the reader's language, without Intl.DateTimeFormat:
// a browser's first DateTimeFormat loads its date data in one task nobody can split (30–40 ms on a
// fast machine, four times that on a phone), right as /chats or a conversation hydrates, and those
// pages need only these two formats. The patterns are what Intl gives for each of the site's languages
// (kernel/web/date-patterns.ts, written by scripts/date-patterns.ts, checked against Intl by a test).
import { dateFormat } from '../contract/intl.ts';
import { DATE_PATTERNS } from './date-patterns.ts';

export interface DatePatterns {
  /** { hour: 'numeric', minute: '2-digit' }: {h} hour, {hh} hour of two digits, {mm} minutes, {a} before/after noon. */
  time: string;
  hourCycle: 'h11' | 'h12' | 'h23' | 'h24';
  /** Before and after noon. */
  dayPeriods: [string, string];
  /** { day: 'numeric', month: 'short' }: {d} day, {dd} day of two digits, {MMM} month. */
  day: string;
  /** January..December as that format shows them. */
  months: string[];
}

const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

function hourOf(h: number, cycle: DatePatterns['hourCycle']): number {
  if (cycle === 'h12') return h % 12 || 12;
  if (cycle === 'h11') return h % 12;
  if (cycle === 'h24') return h || 24;
  return h;
}

/** The patterns for one of the site's languages, or null (another locale: Intl formats it). */
function patterns(locale: string): DatePatterns | null {
  return Object.hasOwn(DATE_PATTERNS, locale) ? DATE_PATTERNS[locale] : null;
}

/** The time of day of an ISO instant in the reader's zone ("14:05", "2:05 PM"). */
export function timeOfDay(iso: string, locale: string): string {
  const d = new Date(iso);
  const p = patterns(locale);
  if (!p) return dateFormat(locale, TIME).format(d);
  const h = hourOf(d.getHours(), p.hourCycle);
  return fill(p.time, { h: String(h), hh: pad(h), mm: pad(d.getMinutes()), a: p.dayPeriods[d.getHours() < 12 ? 0 : 1] });
}

/** The day and short month of an ISO instant in the reader's zone ("3 Mar", "3. März"). */
export function dayAndMonth(iso: string, locale: string): string {
  const d = new Date(iso);
  const p = patterns(locale);
  if (!p) return dateFormat(locale, DAY).format(d);
  return fill(p.day, { d: String(d.getDate()), dd: pad(d.getDate()), MMM: p.months[d.getMonth()] });
}

/** The time of day when `iso` is today in the reader's zone, else its day and short month. */
export function timeOrDay(iso: string, locale: string, now = new Date()): string {
  const d = new Date(iso);
  const sameDay = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return sameDay ? timeOfDay(iso, locale) : dayAndMonth(iso, locale);
}
