import { useCallback, useEffect, useState } from 'react';
import { css } from '@linaria/core';
import type { ConsoleSectionProps } from '../../../../kernel/web/console/define.ts';
import { useConsole } from '../../../../kernel/web/console/context.ts';
import { Button, Dialog, Notice, Page, TextField, mutedText, row } from '../../../../kernel/web/console/ui.tsx';
import { colors } from '../../../../kernel/web/theme.ts';
import {
  consolePhotoClaim, consolePhotoDecide, consolePhotoHide, consolePhotoRelease, consolePhotos,
  type ConsolePhoto, type PhotoDecision,
} from '../../contract.ts';
import { Pager, QueueFilters, claimText, failure, queryOf, when, type Message, type QueueFilter } from './shared.tsx';

const grid = css`
  list-style: none; margin: 0; padding: 0; display: grid; gap: 12px;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
`;
const card = css`
  border: 1px solid ${colors.border}; border-radius: 4px; background: ${colors.white}; padding: 8px;
  display: flex; flex-direction: column; gap: 6px; font-size: 0.875rem;
  img { width: 100%; aspect-ratio: 1; object-fit: cover; border-radius: 3px; background: ${colors.light}; display: block; }
  h2 { font-size: 1rem; margin: 0; }
  small { color: ${mutedText}; }
`;

/** The photo review queue (operators): members' uploads as thumbnails, claimed, approved or hidden, closed. */
export default function PhotosSection(_: ConsoleSectionProps) {
  const { api, t, i18n } = useConsole('members');
  const lng = i18n.language;
  const [filter, setFilter] = useState<QueueFilter>({ status: 'open', member: '' });
  const [data, setData] = useState<{ items: ConsolePhoto[]; total: number; page: number; per_page: number } | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [deciding, setDeciding] = useState<ConsolePhoto | null>(null);

  const load = useCallback(async (f: QueueFilter, page = 1) => {
    try {
      setData(await api.call(consolePhotos, { query: queryOf(f, page) }));
    } catch (e) {
      setMessage({ kind: 'error', text: failure(t, e) });
    }
  }, [api, t]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => { void load(filter); }, []);

  const replace = (p: ConsolePhoto) => setData((d) => (d ? { ...d, items: d.items.map((x) => (x.id === p.id ? p : x)) } : d));
  const act = async (p: ConsolePhoto, what: 'claim' | 'release' | 'show') => {
    try {
      const { photo } = what === 'show'
        ? await api.call(consolePhotoHide, { body: { id: p.id, hidden: false } })
        : await api.call(what === 'claim' ? consolePhotoClaim : consolePhotoRelease, { body: { id: p.id } });
      replace(photo);
      setMessage({ kind: 'success', text: t(`photos.${what === 'claim' ? 'claimed' : what === 'release' ? 'released' : 'shownAgain'}`, { id: p.id, name: p.member_name }) });
    } catch (e) {
      setMessage({ kind: 'error', text: failure(t, e) });
      void load(filter, data?.page ?? 1);
    }
  };

  return (
    <Page title={t('photos.title')}>
      <p>{t('photos.intro')}</p>
      <QueueFilters t={t} label={t('photos.filters')} filter={filter} onChange={setFilter} onSubmit={() => void load(filter)} />
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {data && (
        <>
          {data.items.length === 0
            ? <p>{t('photos.none')}</p>
            : (
              <ul className={grid} aria-label={t(`photos.caption.${filter.status}`)}>
                {data.items.map((p) => (
                  <li key={p.id} className={card} aria-labelledby={`photo-${p.id}-title`}>
                    <a href={p.full} target="_blank" rel="noreferrer noopener" aria-label={t('photos.openFull', { id: p.id, name: p.member_name })}>
                      <img src={p.thumb} alt={t('photos.alt', { id: p.id, name: p.member_name })} loading="lazy" />
                    </a>
                    <h2 id={`photo-${p.id}-title`}>{t('photos.heading', { id: p.id, name: p.member_name || `#${p.user_id}` })}</h2>
                    <small>{t('photos.meta', { member: p.user_id, at: when(p.created_at, lng) })}</small>
                    <span>
                      {t(`photos.visibility.${p.visibility}`)}{p.is_main ? ` · ${t('photos.main')}` : ''}
                      {p.decision && <> · <strong>{t(`photos.decisions.${p.decision}`)}</strong></>}
                    </span>
                    <span>{claimText(t, lng, p)}</span>
                    {p.note && <small>{t('queue.note', { note: p.note })}</small>}
                    <span className={row}>
                      {(p.status === 'open' || (p.status === 'claimed' && !p.mine)) && (
                        <Button onClick={() => void act(p, 'claim')} aria-label={t('photos.claimLabel', { id: p.id, name: p.member_name })}>{t('queue.claim')}</Button>
                      )}
                      {p.mine && <Button kind="primary" onClick={() => setDeciding(p)} aria-label={t('photos.decideLabel', { id: p.id, name: p.member_name })}>{t('queue.decide')}</Button>}
                      {p.mine && <Button onClick={() => void act(p, 'release')} aria-label={t('photos.releaseLabel', { id: p.id, name: p.member_name })}>{t('queue.release')}</Button>}
                      {p.status === 'closed' && p.visibility === 'hidden' && (
                        <Button onClick={() => void act(p, 'show')} aria-label={t('photos.showLabel', { id: p.id, name: p.member_name })}>{t('photos.show')}</Button>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          <Pager t={t} page={data.page} perPage={data.per_page} total={data.total} onPage={(p) => void load(filter, p)} />
        </>
      )}
      {deciding && (
        <DecidePhoto photo={deciding} onClose={() => setDeciding(null)} onDecided={(p) => {
          replace(p);
          setDeciding(null);
          setMessage({ kind: 'success', text: t(p.decision === 'hidden' ? 'photos.hiddenDone' : 'photos.approvedDone', { id: p.id, name: p.member_name }) });
        }} />
      )}
    </Page>
  );
}

function DecidePhoto({ photo, onClose, onDecided }: { photo: ConsolePhoto; onClose(): void; onDecided(p: ConsolePhoto): void }) {
  const { api, t } = useConsole('members');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const decide = async (decision: PhotoDecision) => {
    if (busy) return;
    if (note.length > 2000) { setError(t('errors.noteTooLong')); return; }
    setBusy(true);
    setError(null);
    try {
      const body: { id: number; decision: PhotoDecision; note?: string } = { id: photo.id, decision };
      if (note.trim()) body.note = note.trim();
      onDecided((await api.call(consolePhotoDecide, { body })).photo);
    } catch (e) {
      setError(failure(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open title={t('photos.decideTitle', { id: photo.id, name: photo.member_name || `#${photo.user_id}` })} onClose={onClose} closeLabel={t('close')}>
      <img src={photo.thumb} alt={t('photos.alt', { id: photo.id, name: photo.member_name })} style={{ maxWidth: 200, display: 'block', marginBottom: 8 }} />
      {error && <Notice kind="error">{error}</Notice>}
      <TextField label={t('queue.noteLabel')} hint={t('photos.noteHint')} multiline value={note} onChange={setNote} error={note.length > 2000 ? t('errors.noteTooLong') : null} />
      <div className={row} style={{ marginTop: 12 }}>
        <Button kind="primary" disabled={busy} onClick={() => void decide('approved')}>{t('photos.approve')}</Button>
        <Button kind="danger" disabled={busy} onClick={() => void decide('hidden')}>{t('photos.hide')}</Button>
      </div>
    </Dialog>
  );
}
