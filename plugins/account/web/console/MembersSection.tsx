import { useCallback, useEffect, useState } from 'react';
import { useConsole } from '../../../../kernel/web/console/context.ts';
import type { ConsoleSectionProps } from '../../../../kernel/web/console/define.ts';
import { Button, DataTable, Notice, Page, TextField, row } from '../../../../kernel/web/console/ui.tsx';
import { consoleMembers, type ConsoleMemberRow } from '../../contract.ts';
import { MemberPage } from './MemberPage.tsx';
import { dateTime, failure } from './format.ts';

/** Members (operators and admins): a search, and a member's page at /operator/members/<id>. */
export default function MembersSection({ path }: ConsoleSectionProps) {
  const id = Number(path[0]);
  if (path[0] && Number.isInteger(id) && id > 0) return <MemberPage id={id} />;
  return <MembersSearch />;
}

const inUrl = (key: string) => (typeof window === 'undefined' ? '' : new URLSearchParams(window.location.search).get(key) ?? '');
interface Search { q: string; domain: string }

function MembersSearch() {
  const { api, t, i18n, navigate } = useConsole('account');
  const [search, setSearch] = useState<Search>(() => ({ q: inUrl('q'), domain: inUrl('domain') }));
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<{ items: ConsoleMemberRow[]; total: number; per_page: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lng = i18n.language;

  const load = useCallback(async (f: Search, p: number) => {
    const q = f.q.trim();
    const domain = f.domain.trim().toLowerCase();
    if (!q && !domain) { setError(t('search.empty')); return; }
    setBusy(true);
    setError(null);
    try {
      setResult(await api.call(consoleMembers, { query: { ...(q ? { q } : {}), ...(domain ? { domain } : {}), page: p } }));
      setPage(p);
      // The search stays in the address: back from a member's page shows it again.
      const params = new URLSearchParams({ ...(q ? { q } : {}), ...(domain ? { domain } : {}) });
      window.history.replaceState(null, '', `/operator/members?${params.toString()}`);
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  }, [api, t]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => { if (search.q.trim() || search.domain.trim()) void load(search, 1); }, []);

  const pages = result ? Math.max(1, Math.ceil(result.total / result.per_page)) : 1;
  const state = (m: ConsoleMemberRow) => [
    m.deleted_at ? t('state.deleted') : null,
    m.disabled_at ? t('state.disabled') : null,
    !m.deleted_at && !m.disabled_at ? t(m.status === 'active' ? 'state.active' : 'state.not_confirmed') : null,
    m.role !== 'member' ? t('state.staff', { role: m.role }) : null,
  ].filter(Boolean).join(', ');

  return (
    <Page title={t('search.title')}>
      <form className={row} role="search" aria-label={t('search.form')} style={{ marginBottom: 12, alignItems: 'flex-end' }}
        onSubmit={(e) => { e.preventDefault(); void load(search, 1); }}>
        <TextField label={t('search.field')} hint={t('search.hint')} value={search.q} onChange={(q) => setSearch({ ...search, q })} name="q" />
        <TextField label={t('search.domain')} hint={t('search.domainHint')} value={search.domain} onChange={(domain) => setSearch({ ...search, domain })} name="domain" />
        <Button kind="primary" type="submit" disabled={busy}>{t('search.submit')}</Button>
      </form>
      {error && <Notice kind="error">{error}</Notice>}
      {result && (
        <>
          <DataTable caption={t('search.caption', { total: result.total })} rows={result.items} rowKey={(m) => m.id} empty={t('search.none')} columns={[
            { key: 'id', label: t('search.id'), render: (m) => (
              <Button onClick={() => navigate(`/operator/members/${m.id}`)} aria-label={t('search.open', { id: m.id, email: m.email })}>#{m.id}</Button>
            ) },
            { key: 'email', label: t('account.email') },
            { key: 'name', label: t('profile.name') },
            { key: 'domain', label: t('account.domain'), render: (m) => m.domain ?? '—' },
            { key: 'state', label: t('account.state'), render: state },
            { key: 'created_at', label: t('account.created'), render: (m) => dateTime(m.created_at, lng) },
            { key: 'last_seen', label: t('account.lastSeen'), render: (m) => dateTime(m.last_seen, lng) },
          ]} />
          <nav className={row} aria-label={t('search.pages')} style={{ marginTop: 8, alignItems: 'center' }}>
            <Button disabled={busy || page <= 1} onClick={() => void load(search, page - 1)}>{t('search.previous')}</Button>
            <span>{t('search.page', { page, pages })}</span>
            <Button disabled={busy || page >= pages} onClick={() => void load(search, page + 1)}>{t('search.next')}</Button>
          </nav>
        </>
      )}
    </Page>
  );
}
