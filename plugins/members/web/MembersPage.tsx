import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import { errorText } from '../../../kernel/web/errors.ts';
import { useLoginRedirect } from '../../../kernel/web/useLoginRedirect.ts';
import type { PageProps } from '../../../kernel/web/plugin.ts';
import { ProfileCard } from './ProfileCard.tsx';
import { ProfileGrid } from './ProfileGrid.tsx';
import { FictionalLegend } from './FictionalMark.tsx';
import { SearchForm } from './SearchForm.tsx';
import { searchOf } from './store.ts';
import { membersSlice } from './store.ts';

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 14px;
  margin: 24px 0 0;
`;

/** Cards that can be on the first screen (six a row from 1200 px). */
const FIRST_SCREEN_CARDS = 6;

export default observer(function MembersPage({ query }: PageProps) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const store = membersSlice.of(kernel);
  const { filter, page } = searchOf(query);

  useEffect(() => {
    store.loadRegions().catch(() => {});
  }, [store]);
  useEffect(() => {
    void store.search(filter, page);
  }, [JSON.stringify(filter), page]); // eslint-disable-line react-hooks/exhaustive-deps

  // Where visitors may not search, the server says so: send them to log in and come back.
  useLoginRedirect(store.searchError);

  const goPage = (p: number) => kernel.router.navigate('members', {}, { ...(filter as Record<string, string>), page: String(p) });

  return (
    <div className="container">
      <h1>{t('members:search.title')}</h1>
      <SearchForm filter={filter} />
      <FormError message={store.searchError ? errorText(t, store.searchError) : null} />
      <p aria-live="polite">{store.searching ? t('members:search.searching') : t(store.totalCapped ? 'members:search.resultsMore' : 'members:search.results', { count: store.total })}</p>
      {!store.searching && !store.searchError && store.total === 0 && <p role="status">{t('members:search.empty')}</p>}
      {store.searching && !store.results.length ? <Spinner /> : (
        <ProfileGrid aria-label={t('members:search.resultsLabel')} aria-busy={store.searching}>
          {store.results.map((p, i) => <li key={p.id}><ProfileCard profile={p} priority={i < FIRST_SCREEN_CARDS} /></li>)}
        </ProfileGrid>
      )}
      {[...store.results, ...store.similar].some((p) => p.fictional) && <FictionalLegend />}
      {store.similarTotal > 0 && !store.searching && (
        <section aria-labelledby="similar-title" style={{ marginTop: 28 }}>
          <h2 id="similar-title">{t('members:search.similar', { count: store.similarTotal })}</h2>
          <ProfileGrid aria-label={t('members:search.similarLabel')}>
            {store.similar.map((p) => <li key={p.id}><ProfileCard profile={p} /></li>)}
          </ProfileGrid>
        </section>
      )}
      {store.pages > 1 && (
        <Pager aria-label={t('members:search.pages')}>
          <Button data-variant="outline" disabled={page <= 1} onClick={() => goPage(page - 1)}>{t('members:search.prev')}</Button>
          <span>{store.totalCapped ? t('members:search.pageOpen', { page }) : t('members:search.page', { page, pages: store.pages })}</span>
          <Button data-variant="outline" disabled={page >= store.pages} onClick={() => goPage(page + 1)}>{t('members:search.next')}</Button>
        </Pager>
      )}
    </div>
  );
});
