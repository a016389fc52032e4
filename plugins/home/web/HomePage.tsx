import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel, useRegistry } from '../../../kernel/web/context.ts';
import { Button, buttonClass } from '../../../kernel/web/ui/Button.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { Icon } from '../../../kernel/web/ui/Icon.tsx';
import { colors, up } from '../../../kernel/web/theme.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';
import { frontTexts, setMetaDescription } from './niche.ts';

// The way in: the search (members) and the login page (auth), where those plugins are on.
const members = routeRef('members');
const login = routeRef('login');

const Hero = styled.section`
  margin: -20px 0 0;
  padding: 56px 0 64px;
  color: #fff;
  background: linear-gradient(135deg, ${colors.dark} 0%, ${colors.secondary} 100%);
  text-align: center;
  h1 { font-size: 30px; margin-bottom: 12px; }
  p { font-size: 18px; max-width: 620px; margin: 0 auto 28px; opacity: 0.95; }
  ${up('md')} { padding: 96px 0 104px; h1 { font-size: 44px; } }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  justify-content: center;
  a[data-variant='outline'] { color: #fff; border-color: #fff; }
`;
const Points = styled.ul`
  display: grid;
  gap: 18px;
  list-style: none;
  padding: 0;
  margin: 36px auto 0;
  grid-template-columns: 1fr;
  ${up('md')} { grid-template-columns: repeat(3, 1fr); }
  li { background: #fff; border-radius: 12px; padding: 20px; text-align: center; }
  span { display: flex; justify-content: center; color: ${colors.secondary}; }
  strong { display: block; margin: 6px 0; color: ${colors.dark}; }
`;

export default observer(function HomePage() {
  const kernel = useKernel();
  const { settings, router } = kernel;
  const registry = useRegistry();
  const { t, i18n } = useTranslation();
  // The niche's title and copy in the reader's language, or the operator's own (niche.ts).
  const { niche, title, description, lead } = frontTexts(settings, t, i18n.language);
  useEffect(() => setMetaDescription(description), [description]);
  const canSearch = router.resolve(members) != null && settings.logged_out_search !== 'none';
  return (
    <>
      <Hero data-niche={niche}>
        <div className="container">
          <h1>{title}</h1>
          <p>{lead}</p>
          <Actions>
            {registry.modal('signup') && <Button onClick={() => kernel.appState.openModal('signup')}>{t('home:hero.signup')}</Button>}
            {canSearch && <Link className={buttonClass} data-variant={registry.modal('signup') ? 'outline' : undefined} to={members}>{t('home:hero.search')}</Link>}
            <Link className={buttonClass} to={login} data-variant="outline">{t('home:hero.login')}</Link>
          </Actions>
        </div>
      </Hero>
      <div className="container">
        <Points>
          <li><span><Icon name="search" size={36} /></span><strong>{t('home:points.search.title')}</strong>{t('home:points.search.text')}</li>
          <li><span><Icon name="chat" size={36} /></span><strong>{t('home:points.chat.title')}</strong>{t('home:points.chat.text')}</li>
          <li><span><Icon name="heart" size={36} /></span><strong>{t('home:points.safe.title')}</strong>{t('home:points.safe.text')}</li>
        </Points>
      </div>
    </>
  );
});
