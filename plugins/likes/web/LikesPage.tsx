import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { ErrorPage } from '../../../kernel/web/ErrorPage.tsx';
import { errorText } from '../../../kernel/web/errors.ts';
import { colors } from '../../../kernel/web/theme.ts';
import type { PageProps } from '../../../kernel/web/plugin.ts';
import { ProfileCard, ProfileGrid } from '../../members/ui.ts';
import { LIKE_TABS, type LikeEntry, type LikeTab } from '../contract.ts';
import { likesSlice } from './store.ts';

const Tabs = styled.nav`
  display: flex;
  gap: 6px;
  margin: 0 0 18px;
  border-bottom: 2px solid #ead9ee;
  a { padding: 8px 14px; text-decoration: none; color: ${colors.text}; font-weight: 600; border-bottom: 3px solid transparent; margin-bottom: -2px; }
  a[aria-current='page'] { color: ${colors.dark}; border-color: ${colors.secondary}; }
  .count { margin-left: 6px; padding: 0 7px; border-radius: 10px; background: ${colors.unread}; color: #fff; font-size: 13px; }
`;
const Grid = styled(ProfileGrid)`
  li { position: relative; }
  .new { position: absolute; bottom: 62px; left: 8px; padding: 1px 8px; border-radius: 10px; background: ${colors.unread}; color: #fff; font-size: 12px; font-weight: 700; }
`;

/** /likes and /likes/{type}: received (new first), sent and matches. */
export default observer(function LikesPage({ params }: PageProps) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const store = likesSlice.of(kernel);
  const tab = (params.type ?? 'received') as LikeTab;

  useEffect(() => { void store.load(); }, [store]);
  if (!LIKE_TABS.includes(tab)) return <ErrorPage status={404} />;

  const lists: Record<LikeTab, LikeEntry[]> = { received: store.received, sent: store.sent, matches: store.matches };
  const entries = lists[tab];
  return (
    <div className="container">
      <h1>{t('likes:title')}</h1>
      <Tabs aria-label={t('likes:tabs.label')}>
        {LIKE_TABS.map((k) => (
          <Link key={k} to="likes-type" params={{ type: k }} aria-current={k === tab ? 'page' : undefined}>
            {t(`likes:tabs.${k}`)}
            {k === 'received' && store.newCount > 0 && <span className="count" aria-label={t('likes:newCount', { count: store.newCount })}>{store.newCount}</span>}
          </Link>
        ))}
      </Tabs>
      <FormError message={store.error ? errorText(t, store.error, 'likes') : null} />
      {store.loading && !store.loaded ? <Spinner /> : entries.length === 0 ? (
        <p role="status">{t(`likes:empty.${tab}`)}</p>
      ) : (
        <Grid aria-label={t(`likes:tabs.${tab}`)}>
          {entries.map((e) => (
            <li key={e.profile.id}>
              <ProfileCard profile={e.profile} route="likes-m-id" />
              {e.like_new && <span className="new">{t('likes:new')}</span>}
            </li>
          ))}
        </Grid>
      )}
    </div>
  );
});
