import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useConsole } from '../../../../kernel/web/console/context.ts';
import { Button, DataTable, Dialog, Notice, Page, SelectField, TextField, row } from '../../../../kernel/web/console/ui.tsx';
import { consolePhotoHide, type ConsolePhoto } from '../../../members/contract.ts';
import {
  CONSOLE_CREDITS_MAX, consoleMember, consoleMemberCredits, consoleMemberDelete, consoleMemberDisable, consoleMemberEnable,
  consoleMemberResetLink, consoleMemberRestore, type ConsoleMember,
} from '../../contract.ts';
import { dateTime, failure } from './format.ts';

type Message = { kind: 'success' | 'error' | 'info'; text: string };
type DialogKind = 'disable' | 'delete' | 'credits' | null;

const facts = (pairs: [string, ReactNode][]) => (
  <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: '0 0 16px' }}>
    {pairs.map(([k, v]) => [<dt key={`${k}-t`} style={{ fontWeight: 600 }}>{k}</dt>, <dd key={`${k}-d`} style={{ margin: 0 }}>{v}</dd>])}
  </dl>
);

/** One member: account, profile, photos, reports, credits, logins; disable, delete, credits, a reset link. */
export function MemberPage({ id }: { id: number }) {
  const { api, t, i18n, navigate, staff } = useConsole('account');
  const [member, setMember] = useState<ConsoleMember | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [dialog, setDialog] = useState<DialogKind>(null);
  const [busy, setBusy] = useState(false);
  const lng = i18n.language;

  const load = useCallback(async () => {
    try {
      setMember(await api.call(consoleMember, { query: { id } }));
    } catch (e) {
      setMessage({ kind: 'error', text: failure(e) });
    }
  }, [api, id]);
  useEffect(() => { void load(); }, [load]);

  /** One action without a dialog (enable, restore, the reset link): the page shows its result. */
  const run = async (call: () => Promise<{ member: ConsoleMember }>, done: string) => {
    if (busy) return;
    setBusy(true);
    try {
      setMember((await call()).member);
      setMessage({ kind: 'success', text: done });
    } catch (e) {
      setMessage({ kind: 'error', text: failure(e) });
    } finally {
      setBusy(false);
    }
  };

  const back = <Button onClick={() => navigate('/operator/members')}>{t('member.back')}</Button>;
  if (!member) {
    return <Page title={t('member.title', { id })} actions={back}>{message ? <Notice kind="error">{message.text}</Notice> : <p>{t('loading')}</p>}</Page>;
  }
  const a = member.account;
  const isStaff = a.role !== 'member';
  const state = a.deleted_at
    ? t('state.deletedUntil', { date: dateTime(a.purge_at, lng) })
    : a.disabled_at ? t('state.disabledSince', { date: dateTime(a.disabled_at, lng) }) : t(a.status === 'active' ? 'state.active' : 'state.not_confirmed');
  const p = member.profile;

  return (
    <Page title={t('member.title', { id })} actions={<>
      {back}
      {!isStaff && (a.disabled_at
        ? <Button disabled={busy} onClick={() => void run(() => api.call(consoleMemberEnable, { body: { id } }), t('enable.done'))}>{t('enable.open')}</Button>
        : <Button kind="danger" disabled={busy || !!a.deleted_at} onClick={() => setDialog('disable')}>{t('disable.open')}</Button>)}
      {!isStaff && (a.deleted_at
        ? <Button disabled={busy} onClick={() => void run(() => api.call(consoleMemberRestore, { body: { id } }), t('restore.done'))}>{t('restore.open')}</Button>
        : <Button kind="danger" disabled={busy} onClick={() => setDialog('delete')}>{t('delete.open')}</Button>)}
      {!isStaff && (
        <Button disabled={busy || !!a.deleted_at || !!a.disabled_at}
          onClick={() => void run(() => api.call(consoleMemberResetLink, { body: { id } }), t('reset.done', { email: a.email }))}>{t('reset.open')}</Button>
      )}
      {!isStaff && staff.role === 'admin' && <Button disabled={busy} onClick={() => setDialog('credits')}>{t('credits.open')}</Button>}
    </>}>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {isStaff && <Notice kind="info">{t('member.staff')}</Notice>}
      <h3>{t('account.title')}</h3>
      {facts([
        [t('account.email'), a.email],
        [t('account.state'), state],
        [t('account.role'), a.role],
        [t('account.language'), a.language ?? '—'],
        [t('account.domain'), a.domain ?? t('account.noDomain')],
        [t('account.created'), dateTime(a.created_at, lng)],
        [t('account.lastLogin'), dateTime(a.last_login, lng)],
        [t('account.lastSeen'), dateTime(a.last_seen, lng)],
        ...(member.deletion ? [[t('account.deletion'), `${member.deletion.reason}${member.deletion.comment ? `: ${member.deletion.comment}` : ''}`] as [string, string]] : []),
        [t('credits.balance'), `${member.credits.balance}${member.credits.paid ? ` (${t('credits.premium')})` : ''}`],
        [t('account.conversations'), member.conversations == null ? t('account.noChat') : String(member.conversations)],
        [t('reports.filed'), String(member.reports.filed)],
        ...(staff.role === 'admin' ? [[t('account.payments'), (
          <a href={`/operator/payments?q=${id}`} onClick={(e) => { e.preventDefault(); navigate(`/operator/payments?q=${id}`); }}>{t('account.paymentsLink', { id })}</a>
        )] as [string, ReactNode]] : []),
      ])}

      <h3>{t('profile.title')}</h3>
      {p ? facts([
        [t('profile.name'), p.name],
        [t('profile.gender'), `${p.gender}, ${p.sexuality}`],
        [t('profile.age'), t('profile.ageValue', { age: p.age, birthdate: p.birthdate })],
        [t('profile.place'), [p.city, p.region, p.country].filter(Boolean).join(', ')],
        [t('profile.about'), p.about || '—'],
        [t('profile.interests'), p.interests.join(', ') || '—'],
        [t('profile.shown'), [p.status === 'active' ? t('profile.listed') : t('profile.unlisted'), p.invisible ? t('profile.invisible') : null, p.demo ? t('profile.demo') : null].filter(Boolean).join(', ')],
      ]) : <p>{t('profile.none')}</p>}

      <h3>{t('photos.title')}</h3>
      <Photos photos={member.photos} onChange={(photo) => setMember({ ...member, photos: member.photos.map((x) => (x.id === photo.id ? photo : x)) })} onMessage={setMessage} />

      <div style={{ height: 16 }} />
      <DataTable caption={t('reports.caption')} rows={member.reports.against} rowKey={(r) => r.id} empty={t('reports.none')} columns={[
        { key: 'created_at', label: t('at'), render: (r) => dateTime(r.created_at, lng) },
        { key: 'reason', label: t('reports.reason') },
        { key: 'comment', label: t('reports.comment') },
        { key: 'reporter', label: t('reports.reporter'), render: (r) => (r.reporter ? `${r.reporter.email} (#${r.reporter.id})` : '—') },
        { key: 'status', label: t('reports.status'), render: (r) => [r.status, r.decision].filter(Boolean).join(': ') },
      ]} />
      <div style={{ height: 16 }} />
      <DataTable caption={t('credits.ledger')} rows={member.credits.entries} rowKey={(l) => l.id} empty={t('credits.noEntries')} columns={[
        { key: 'created_at', label: t('at'), render: (l) => dateTime(l.created_at, lng) },
        { key: 'amount', label: t('credits.amount') },
        { key: 'balance_after', label: t('credits.balanceAfter') },
        { key: 'reason', label: t('credits.reason') },
        { key: 'reference', label: t('credits.reference'), render: (l) => l.reference ?? '' },
      ]} />
      <div style={{ height: 16 }} />
      <DataTable caption={t('logins.caption')} rows={member.logins} rowKey={(l) => l.ip} empty={t('logins.none')} columns={[
        { key: 'last_login', label: t('logins.last'), render: (l) => dateTime(l.last_login, lng) },
        { key: 'ip', label: t('logins.ip') },
      ]} />

      <ReasonDialog kind="disable" open={dialog === 'disable'} onClose={() => setDialog(null)}
        send={(reason) => api.call(consoleMemberDisable, { body: { id, reason } })}
        onDone={(m) => { setMember(m); setMessage({ kind: 'success', text: t('disable.done') }); setDialog(null); }} />
      <ReasonDialog kind="delete" open={dialog === 'delete'} onClose={() => setDialog(null)}
        send={(reason) => api.call(consoleMemberDelete, { body: { id, reason } })}
        onDone={(m) => { setMember(m); setMessage({ kind: 'success', text: t('delete.done', { date: dateTime(m.account.purge_at, lng) }) }); setDialog(null); }} />
      <CreditsDialog open={dialog === 'credits'} id={id} balance={member.credits.balance} onClose={() => setDialog(null)}
        onDone={(m, text) => { setMember(m); setMessage({ kind: 'success', text }); setDialog(null); }} />
    </Page>
  );
}

/** The member's photos: each shown or hidden from others, hidden or shown again here (members' own endpoint). */
function Photos({ photos, onChange, onMessage }: { photos: ConsolePhoto[]; onChange(p: ConsolePhoto): void; onMessage(m: Message): void }) {
  const { api, t } = useConsole('account');
  const [busy, setBusy] = useState<number | null>(null);
  if (!photos.length) return <p>{t('photos.none')}</p>;
  const toggle = async (photo: ConsolePhoto) => {
    if (busy != null) return;
    const hidden = photo.visibility === 'shown';
    setBusy(photo.id);
    try {
      const res = await api.call(consolePhotoHide, { body: { id: photo.id, hidden } });
      onChange(res.photo);
      onMessage({ kind: 'success', text: t(hidden ? 'photos.hiddenDone' : 'photos.shownDone', { id: photo.id }) });
    } catch (e) {
      onMessage({ kind: 'error', text: failure(e) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexWrap: 'wrap', gap: 12 }}>
      {photos.map((photo) => (
        <li key={photo.id} style={{ width: 160 }}>
          <img src={photo.thumb} alt={t('photos.alt', { id: photo.id })} width={160} height={200}
            style={{ objectFit: 'cover', display: 'block', opacity: photo.visibility === 'hidden' ? 0.5 : 1 }} />
          <div>{photo.visibility === 'hidden' ? t('photos.hidden') : t('photos.shown')}{photo.is_main ? `, ${t('photos.main')}` : ''}</div>
          <Button disabled={busy != null} onClick={() => void toggle(photo)}>
            {photo.visibility === 'hidden' ? t('photos.show', { id: photo.id }) : t('photos.hide', { id: photo.id })}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Disable or delete: a stated reason (kept in the audit log), then the action. */
function ReasonDialog({ kind, open, onClose, send, onDone }: {
  kind: 'disable' | 'delete'; open: boolean; onClose(): void; send(reason: string): Promise<{ member: ConsoleMember }>; onDone(m: ConsoleMember): void;
}) {
  const { t } = useConsole('account');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sending = useRef(false);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (sending.current) return;
    if (reason.trim().length < 3) { setError(t('reasonRequired')); return; }
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      onDone((await send(reason.trim())).member);
      setReason('');
    } catch (e) {
      setError(failure(e));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  return (
    <Dialog title={t(`${kind}.title`)} open={open} onClose={onClose} closeLabel={t('close')}>
      <p>{t(`${kind}.what`)}</p>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <TextField label={t('reason')} value={reason} onChange={setReason} multiline error={error} />
        <div className={row} style={{ marginTop: 12 }}>
          <Button kind="danger" type="submit" disabled={busy}>{t(`${kind}.confirm`)}</Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Credits granted or taken (admins): a whole number, a stated reason; the balance never goes below zero. */
function CreditsDialog({ open, id, balance, onClose, onDone }: { open: boolean; id: number; balance: number; onClose(): void; onDone(m: ConsoleMember, text: string): void }) {
  const { api, t } = useConsole('account');
  const [direction, setDirection] = useState<'grant' | 'take'>('grant');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const submit = async () => {
    if (sending.current) return;
    const n = /^\s*\d{1,6}\s*$/.test(amount) ? Number(amount) : NaN;
    if (!Number.isSafeInteger(n) || n < 1 || n > CONSOLE_CREDITS_MAX) { setError(t('credits.amountInvalid', { max: CONSOLE_CREDITS_MAX })); return; }
    if (direction === 'take' && n > balance) { setError(t('credits.belowZero', { balance })); return; }
    if (reason.trim().length < 3) { setError(t('reasonRequired')); return; }
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      const res = await api.call(consoleMemberCredits, { body: { id, amount: direction === 'grant' ? n : -n, reason: reason.trim() } });
      onDone(res.member, t(direction === 'grant' ? 'credits.granted' : 'credits.taken', { amount: n, balance: res.member.credits.balance }));
      setAmount('');
      setReason('');
    } catch (e) {
      setError(failure(e));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  return (
    <Dialog title={t('credits.title')} open={open} onClose={onClose} closeLabel={t('close')}>
      <p>{t('credits.what', { balance })}</p>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <SelectField label={t('credits.direction')} value={direction} onChange={(v) => setDirection(v as 'grant' | 'take')}
          options={[{ value: 'grant', label: t('credits.grant') }, { value: 'take', label: t('credits.take') }]} />
        <TextField label={t('credits.amount')} value={amount} onChange={setAmount} inputMode="numeric" />
        <TextField label={t('reason')} value={reason} onChange={setReason} multiline error={error} />
        <div className={row} style={{ marginTop: 12 }}>
          <Button kind="primary" type="submit" disabled={busy}>{t('credits.confirm')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
