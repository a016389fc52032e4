import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import { getOffer } from './api.ts';
import { Checkout } from './Checkout.tsx';
import { methodFits } from './methods.ts';
import { Page, useLoad } from './ui.tsx';

/**
 * /credits/repeat-order: the last order again in one step (its package and method chosen, one Pay
 * click). Without a last order, or when it can no longer be bought as it was, back to choosing.
 */
export default observer(function RepeatOrderPage() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const offer = useLoad(() => getOffer(kernel.api));
  const last = offer.data?.last_order ?? null;
  const pkg = last ? offer.data?.packages.find((p) => p.id === last.package_id) ?? null : null;
  const method = last ? offer.data?.methods.find((m) => m.method === last.method) ?? null : null;
  const repeatable = !!(pkg && method && methodFits(method, pkg));
  useEffect(() => {
    if (!offer.data || repeatable) return;
    if (pkg) kernel.router.navigate('credits-id-paymentmethod', { id: pkg.id }, undefined, { replace: true });
    else kernel.router.navigate('credits', {}, undefined, { replace: true });
  }, [offer.data, repeatable, pkg, kernel]);
  return (
    <Page className="container">
      <h1>{t('payments:repeat.title')}</h1>
      <FormError message={offer.error} />
      {(!offer.data || !repeatable) && !offer.error && <Spinner />}
      {pkg && method && repeatable && (
        <>
          <p className="lead">{t('payments:repeat.lead')}</p>
          <Checkout pkg={pkg} methods={[method]} initial={method.method} repeat discount={offer.data?.discount ?? null}
            onPriceChanged={() => void getOffer(kernel.api).then(offer.set, () => {})} />
          <p><Link to="credits">{t('payments:method.otherPackage')}</Link></p>
        </>
      )}
    </Page>
  );
});
