import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { countryName } from '../../../kernel/web/intl.ts';
import { FormError, SelectField } from '../../../kernel/web/ui/Field.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import { colors } from '../../../kernel/web/theme.ts';
import { authSlice } from '../../auth/ui.ts';
import type { CreditPackage } from '../contract.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';
import { getPricing } from './api.ts';
import { formatPerCredit } from '../money.ts';
import { PackageTiles, Page, useLoad, useLocale } from './ui.tsx';

const Costs = styled.table`
  border-collapse: collapse;
  margin: 0 0 16px;
  min-width: 280px;
  th, td { padding: 8px 12px; border-bottom: 1px solid ${colors.border}; text-align: left; }
  td { text-align: right; }
`;

/** The pages plugin's return policy (no link where that plugin is off). */
const returnPolicy = routeRef('pages-return-policy');

/** The lowest price of one credit among the packages (the biggest package's), as an exact fraction. */
const cheapest = (packages: CreditPackage[]) =>
  packages.reduce<CreditPackage | null>((best, p) => (!best || p.price * best.credits < best.price * p.credits ? p : best), null);

/** /pricing (public): what messages, photos and gifts cost, the packages and the refund rule. */
export default observer(function PricingPage() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const locale = useLocale();
  const s = kernel.settings;
  const own = kernel.appState.loggedIn ? authSlice.of(kernel).user?.profile?.country : undefined;
  const [country, setCountry] = useState(own || s.geoip_country || s.geoip_selected_country);
  const pricing = useLoad(() => getPricing(kernel.api, country), [country]);
  const data = pricing.data;
  const best = data ? cheapest(data.packages) : null;
  // A cost in credits as money: `credits` times the package's price per credit, kept as a fraction until Intl.
  const money = (credits: number) => (best && data ? formatPerCredit(best.price * credits, best.credits, data.currency, locale) : '');
  return (
    <Page className="container">
      <h1>{t('payments:pricing.title')}</h1>
      <p className="lead">{t('payments:pricing.lead')}</p>
      {s.countries.length > 1 && (
        <div style={{ maxWidth: 320 }}>
          <SelectField label={t('payments:pricing.country')} value={country} onChange={(e) => setCountry(e.target.value)}>
            {s.countries.map((c) => <option key={c} value={c}>{countryName(c, locale)}</option>)}
          </SelectField>
        </div>
      )}
      <FormError message={pricing.error} />
      {!data && !pricing.error && <Spinner />}
      {data && (
        <>
          {data.message_costs && (
            <>
              <h2 id="costs-heading">{t('payments:pricing.costs')}</h2>
              <Costs aria-labelledby="costs-heading">
                <tbody>
                  {(['message', 'photo', 'gift'] as const).map((k) => (
                    <tr key={k}>
                      <th scope="row">{t(`payments:pricing.${k}`)}</th>
                      <td>{t('payments:pricing.cost', { credits: data.message_costs![k], price: money(data.message_costs![k]) })}</td>
                    </tr>
                  ))}
                </tbody>
              </Costs>
              <p className="muted">{t('payments:pricing.fromNote')}</p>
            </>
          )}
          <h2>{t('payments:credits.packages')}</h2>
          <PackageTiles packages={data.packages} choose={kernel.appState.loggedIn} label={t('payments:credits.packages')} />
          <p className="muted">{t('payments:credits.oneTime')}</p>
        </>
      )}
      <h2>{t('payments:pricing.refundTitle')}</h2>
      <p>
        {t('payments:pricing.refund', { days: s.refund_days })}{' '}
        <Link to={returnPolicy}>{t('payments:pricing.returnPolicy')}</Link>
      </p>
    </Page>
  );
});
