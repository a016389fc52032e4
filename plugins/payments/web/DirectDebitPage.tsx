import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Notice } from '../../../kernel/web/ui/Card.tsx';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import type { PageProps } from '../../../kernel/web/plugin.ts';
import type { CreditPackage, CreditsOffer } from '../contract.ts';
import { getDirectDebitInfo, getOffer } from './api.ts';
import { DirectDebitForm } from './DirectDebitForm.tsx';
import { methodFits } from './methods.ts';
import { MethodList, Page, useLoad } from './ui.tsx';

/** Links to pay this package another way (blocked, or not in euros); without a package, back to the packages. */
function OtherWays({ offer, pkg }: { offer: CreditsOffer; pkg: CreditPackage | null }) {
  const { t } = useTranslation();
  const others = pkg ? offer.methods.filter((m) => m.method !== 'directdebit' && methodFits(m, pkg)) : [];
  return (
    <>
      {others.length > 0 && (
        <>
          <h2 id="dd-other-ways">{t('payments:directdebit.otherMethods')}</h2>
          <MethodList aria-labelledby="dd-other-ways">
            {others.map((m) => (
              <li key={m.method}><Link to="credits-id-paymentmethod" params={{ id: pkg!.id, paymentmethod: m.method }}>{t(`payments:methods.${m.method}`)}</Link></li>
            ))}
          </MethodList>
        </>
      )}
      <p><Link to="credits">{t('payments:directdebit.back')}</Link></p>
    </>
  );
}

/**
 * /directdebit?package=<id>: a one-time SEPA direct debit for one package. The member gives the
 * account and address, confirms with a code sent by SMS and ticks the mandate; then the payment page.
 */
export default observer(function DirectDebitPage({ query }: PageProps) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const data = useLoad(() => Promise.all([getOffer(kernel.api), getDirectDebitInfo(kernel.api)]));
  const [offer, info] = data.data ?? [null, null];
  const pkg = offer?.packages.find((p) => String(p.id) === query.package) ?? null;
  const method = offer?.methods.find((m) => m.method === 'directdebit') ?? null;

  let body;
  if (!offer || !info) body = data.error ? null : <Spinner />;
  else if (!pkg) body = <><p role="alert">{t('payments:errors.unknown_package')}</p><OtherWays offer={offer} pkg={null} /></>;
  else if (offer.currency !== 'EUR') body = <><p role="alert">{t('payments:directdebit.eurOnly')}</p><OtherWays offer={offer} pkg={pkg} /></>;
  // After a chargeback: no form, only the other ways to pay.
  else if (info.blocked) body = <><Notice role="alert" data-tone="danger">{t('payments:errors.directdebit_blocked')}</Notice><OtherWays offer={offer} pkg={pkg} /></>;
  else {
    body = (
      <>
        <p className="lead">{t('payments:directdebit.lead')}</p>
        <DirectDebitForm pkg={pkg} fee={method?.fee ?? 0} info={info} country={offer.country} discount={offer.discount}
          onPriceChanged={() => { getOffer(kernel.api).then((o) => data.set([o, info]), () => {}); }} />
        <p><Link to="credits-id-paymentmethod" params={{ id: pkg.id }}>{t('payments:directdebit.otherMethods')}</Link></p>
      </>
    );
  }
  return (
    <Page className="container">
      <h1>{t('payments:directdebit.title')}</h1>
      <FormError message={data.error} />
      {body}
    </Page>
  );
});
