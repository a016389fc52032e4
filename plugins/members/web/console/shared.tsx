// What the members plugin's console pages share: errors in words, times, the queue's filter and claim.
import type { TFunction } from 'i18next';
import { ApiError } from '../../../../kernel/web/api-error.ts';
import { Button, SelectField, TextField, row } from '../../../../kernel/web/console/ui.tsx';
import type { QueueStatus } from '../../contract.ts';
import { consoleTime } from '../../../../kernel/web/console/time.ts';

export type Message = { kind: 'success' | 'error' | 'info'; text: string };

/** The field a 400 names ("changes/interests/3" -> "interests"), if any. */
export function fieldOf(e: unknown): string | null {
  if (!(e instanceof ApiError)) return null;
  const f = e.params.field;
  if (typeof f !== 'string' || !f) return null;
  const parts = f.split('/').filter((p) => p && p !== 'changes' && !/^\d+$/.test(p));
  return parts[0] ?? null;
}

/** A failure in the operator's words: the server's code translated (who holds a claim named), else its message. */
export function failure(t: TFunction, e: unknown): string {
  if (e instanceof ApiError) {
    const key = `errors.${e.code}`;
    const field = fieldOf(e);
    const fieldName = field ? t(`fictional.fields.${field}`, { defaultValue: field }) : '';
    const text = t(key, { ...e.params, field: fieldName, defaultValue: '' });
    if (text) return text;
    if (e.status === 0) return t('errors.network');
    return e.message || t('errors.unknown');
  }
  return e instanceof Error ? e.message : String(e);
}

/** A moment in the console's language, in UTC and named (the kernel's console clock). */
export const when = consoleTime;

export interface QueueFilter { status: QueueStatus; member: string }

/** The queue's filter: open (waiting or claimed), claimed, closed; one member's items. */
export function QueueFilters({ t, filter, onChange, onSubmit, label }: {
  t: TFunction; filter: QueueFilter; onChange(f: QueueFilter): void; onSubmit(): void; label: string;
}) {
  return (
    <form className={row} aria-label={label} style={{ marginBottom: 12 }} onSubmit={(e) => { e.preventDefault(); onSubmit(); }}>
      <SelectField label={t('queue.status')} value={filter.status} onChange={(s) => onChange({ ...filter, status: s === 'claimed' || s === 'closed' ? s : 'open' })}
        options={(['open', 'claimed', 'closed'] as const).map((s) => ({ value: s, label: t(`queue.statuses.${s}`) }))} />
      <TextField label={t('queue.member')} hint={t('queue.memberHint')} inputMode="numeric" value={filter.member} onChange={(member) => onChange({ ...filter, member })} />
      <Button type="submit">{t('queue.show')}</Button>
    </form>
  );
}

/** The query of a filter (a member id only when it is one). */
export function queryOf(f: QueueFilter, page: number): { status: QueueStatus; member?: number; page?: number } {
  const q: { status: QueueStatus; member?: number; page?: number } = { status: f.status };
  if (/^\d{1,9}$/.test(f.member.trim()) && Number(f.member) > 0) q.member = Number(f.member.trim());
  if (page > 1) q.page = page;
  return q;
}

/** Who holds an item and until when, or how it was closed. */
export function claimText(t: TFunction, lng: string, item: {
  status: QueueStatus; claimed_by: { email: string } | null; claimed_until: string | null; mine: boolean; decided_by: { email: string } | null; closed_at: string | null;
}): string {
  if (item.status === 'claimed') {
    return item.mine
      ? t('queue.claimedByYou', { until: when(item.claimed_until, lng) })
      : t('queue.claimedBy', { by: item.claimed_by?.email ?? '?', until: when(item.claimed_until, lng) });
  }
  if (item.status === 'closed') return t('queue.closedBy', { by: item.decided_by?.email ?? '?', at: when(item.closed_at, lng) });
  return t('queue.waiting');
}

/** Previous / next page of a queue. */
export function Pager({ t, page, perPage, total, onPage }: { t: TFunction; page: number; perPage: number; total: number; onPage(p: number): void }) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, perPage)));
  if (pages <= 1) return <p>{t('queue.count', { count: total })}</p>;
  return (
    <nav className={row} aria-label={t('queue.pages')} style={{ marginTop: 12, alignItems: 'center' }}>
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>{t('queue.previous')}</Button>
      <span>{t('queue.pageOf', { page, pages, total })}</span>
      <Button disabled={page >= pages} onClick={() => onPage(page + 1)}>{t('queue.next')}</Button>
    </nav>
  );
}
