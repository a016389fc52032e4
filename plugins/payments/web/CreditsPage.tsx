import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Panels } from '../../../kernel/web/Panels.tsx';
import { usePanelsLoaded } from '../../../kernel/web/panels-loaded.ts';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import { authSlice } from '../../auth/ui.ts';
import { getOffer } from './api.ts';
import { carriedOffer, dropCarriedOffer } from './carried-offer.ts';
import { DiscountNotice } from './DiscountNotice.tsx';
import { MethodList, PackageTiles, Page, useLoad } from './ui.tsx';

/**
 * /credits (rendered on the server too, with the member's offer): the balance, the member's discount (countdown, code form), the packages of the member's
 * currency at the price they will be charged, and the methods their country offers.
 */
export default observer(function CreditsPage() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const user = authSlice.of(kernel).user;
  // The offer the server rendered the page with, when it did (shown once: opened again, it is asked for).
  const [carried] = useState(() => carriedOffer(kernel));
  useEffect(() => dropCarriedOffer(kernel), [kernel]);
  const offer = useLoad(() => getOffer(kernel.api), [], carried);
  // A code taken or removed, or a discount run out: the server's prices again (the page stays).
  const reload = () => getOffer(kernel.api).then(offer.set, () => {});
  // The discount panels (a code form) come with the offer, not after it: the packages never move.
  const panels = usePanelsLoaded('credits-discount');
  return (
    <Page className="container">
      <h1>{t('payments:credits.title')}</h1>
      {user && <p className="lead" role="status">{t('payments:credits.balance', { credits: user.credits ?? 0 })}</p>}
      <p>{t('payments:credits.lead')}</p>
      <FormError message={offer.error} />
      {(!offer.data || !panels) && !offer.error && <Spinner />}
      {offer.data && panels && (
        <>
          {offer.data.last_order && (
            <p><Link to="credits-repeat-order">{t('payments:credits.repeat')}</Link></p>
          )}
          {offer.data.discount && <DiscountNotice discount={offer.data.discount} currency={offer.data.currency} onEnd={() => void reload()} />}
          {/* Where discount sources take input (a code form, the bonuses plugin's): they hand back by `reload`. */}
          <Panels slot="credits-discount" props={{ discount: offer.data.discount, reload }} />
          <h2 id="packages-heading">{t('payments:credits.packages')}</h2>
          <PackageTiles packages={offer.data.packages} discount={offer.data.discount} label={t('payments:credits.packages')} />
          <h2 id="methods-heading">{t('payments:credits.methods')}</h2>
          <MethodList aria-labelledby="methods-heading">
            {offer.data.methods.map((m) => <li key={m.method}>{t(`payments:methods.${m.method}`)}</li>)}
          </MethodList>
          <p className="muted">{t('payments:credits.oneTime')}</p>
          <p><Link to="transactions-id">{t('payments:history.title')}</Link></p>
        </>
      )}
    </Page>
  );
});
