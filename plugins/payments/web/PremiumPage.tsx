import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { Notice } from '../../../kernel/web/ui/Card.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { buttonClass } from '../../../kernel/web/ui/Button.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import { colors } from '../../../kernel/web/theme.ts';
import { authSlice } from '../../auth/ui.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';
import { getOffer, getPricing } from './api.ts';
import { DiscountNotice } from './DiscountNotice.tsx';
import type { Currency } from '../contract.ts';
import { PackageTiles, Page, useLoad } from './ui.tsx';

// Other plugins' pages: hidden where their plugin is off.
const signup = routeRef('signup');
const login = routeRef('login');

const Benefits = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0 0 16px;
  li { position: relative; padding: 8px 0 8px 32px; font-size: 17px; }
  li::before { content: '✓'; position: absolute; left: 4px; top: 6px; color: ${colors.successText}; font-weight: 700; font-size: 20px; }
`;
const Claim = styled.p`
  padding: 14px 18px;
  border-radius: 10px;
  background: ${colors.light};
  border-left: 4px solid ${colors.secondary};
  font-size: 18px;
  font-weight: 600;
  color: ${colors.dark};
`;
const Join = styled.section`
  margin: 8px 0 16px;
  padding: 18px;
  border-radius: 12px;
  background: ${colors.light};
  h2 { margin-top: 0; }
  .actions { display: flex; flex-wrap: wrap; gap: 10px; }
`;

/**
 * /premium: what buying any package gives, and the packages. Members see their own offer with links
 * to checkout; visitors see the prices for their country and are asked to sign up or log in first.
 */
export default observer(function PremiumPage() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const loggedIn = kernel.appState.loggedIn;
  const premium = loggedIn && !!authSlice.of(kernel).user?.paid_user;
  const s = kernel.settings;
  // A visitor's country as /pricing picks it: the browser's (GeoIP), else the site's first.
  const packages = useLoad(
    () => (loggedIn
      ? getOffer(kernel.api).then((r) => ({ packages: r.packages, currency: r.currency, discount: r.discount, welcome: r.welcome }))
      : getPricing(kernel.api, s.geoip_country || s.geoip_selected_country).then((r) => ({ packages: r.packages, currency: r.currency, discount: null, welcome: null }))),
    [loggedIn],
  );
  const offered = packages.data?.discount ?? null;
  // What the packages are priced with comes first (a running time bonus, a code); else the welcome
  // discount the offer names (with its countdown), for members who have not bought yet.
  const shown = offered ?? (premium ? null : packages.data?.welcome ?? null);
  const currency: Currency | undefined = packages.data?.currency;
  return (
    <Page className="container">
      <h1>{t('payments:premium.title')}</h1>
      {premium && <Notice role="status">{t('payments:premium.already')}</Notice>}
      <p className="lead">{t('payments:premium.lead')}</p>
      <h2 id="premium-benefits">{t('payments:premium.benefitsTitle')}</h2>
      <Benefits aria-labelledby="premium-benefits">
        <li>{t('payments:premium.photos', { photos: 25 })}</li>
        <li>{t('payments:premium.unblurred')}</li>
        <li>{t('payments:premium.noLimit')}</li>
      </Benefits>
      {shown && currency && <DiscountNotice discount={shown} currency={currency} claim={false} />}
      <Claim>{t('payments:premium.claim', { percent: 46 })}</Claim>
      <p>{t('payments:premium.how')}</p>
      <FormError message={packages.error} />
      {!packages.data && !packages.error && <Spinner />}
      {packages.data && <PackageTiles packages={packages.data.packages} discount={offered} choose={loggedIn} label={t('payments:credits.packages')} />}
      {!loggedIn && (
        // Checkout is for members: a visitor first gets an account (or logs in) and comes back here.
        <Join aria-labelledby="premium-join">
          <h2 id="premium-join">{t('payments:premium.joinTitle')}</h2>
          <p>{t('payments:premium.joinText')}</p>
          <div className="actions">
            <Link className={buttonClass} to={signup}>{t('payments:premium.signup')}</Link>
            <Link className={buttonClass} data-variant="outline" to={login} query={{ redirect: kernel.router.href('premium') }}>{t('payments:premium.login')}</Link>
          </div>
        </Join>
      )}
    </Page>
  );
});
