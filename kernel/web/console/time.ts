import { dateFormat } from '../../contract/intl.ts';

/**
 * A moment as the console shows it, "01.12.26, 21:05 UTC" in German, "12/1/26, 9:05 PM UTC" in English: always in
 * UTC, and saying so. A site's operators sit in several countries, and the console's periods (the
 * figures, payments and the audit log's from/to) are UTC days; one clock on every screen, named,
 * so nobody takes another zone's time for their own. Empty for no time.
 */
export function consoleTime(iso: string | null | undefined, lng: string, opts: { seconds?: boolean } = {}): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return `${dateFormat(lng, { dateStyle: 'short', timeStyle: opts.seconds ? 'medium' : 'short', timeZone: 'UTC' }).format(at)} UTC`;
}

/** A `datetime-local` field's value ("2026-12-01T10:00"), read as UTC like every console time; null when it is none. */
export function utcFromField(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const at = new Date(`${value}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}
