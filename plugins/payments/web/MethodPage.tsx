import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import type { PageProps } from '../../../kernel/web/plugin.ts';
import type { PaymentMethod } from '../contract.ts';
import { getOffer } from './api.ts';
import { Checkout } from './Checkout.tsx';
import { Page, useLoad } from './ui.tsx';

/** /credits/:id/:paymentmethod?: the chosen package and the country's methods. */
export default observer(function MethodPage({ params }: PageProps) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const offer = useLoad(() => getOffer(kernel.api));
  // The price changed on the server (a bonus ended): its new offer, keeping the chosen method.
  const reload = () => void getOffer(kernel.api).then(offer.set, () => {});
  const pkg = offer.data?.packages.find((p) => String(p.id) === params.id) ?? null;
  return (
    <Page className="container">
      <h1>{t('payments:method.title')}</h1>
      <FormError message={offer.error} />
      {!offer.data && !offer.error && <Spinner />}
      {offer.data && !pkg && <p role="alert">{t('payments:errors.unknown_package')}</p>}
      {offer.data && pkg && (
        <>
          <p className="lead">{t('payments:method.lead', { credits: pkg.credits })}</p>
          <Checkout key={`${pkg.id}-${params.paymentmethod ?? ""}`} pkg={pkg} methods={offer.data.methods} initial={params.paymentmethod as PaymentMethod | undefined}
            discount={offer.data.discount} onPriceChanged={reload} />
        </>
      )}
      <p><Link to="credits">{t('payments:method.otherPackage')}</Link></p>
    </Page>
  );
});
