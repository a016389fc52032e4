import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { Notice } from '../../../kernel/web/ui/Card.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import { colors } from '../../../kernel/web/theme.ts';
import { authSlice } from '../../auth/ui.ts';
import { getOffer } from './api.ts';
import { PackageTiles, Page, useLoad } from './ui.tsx';

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

/** /premium: what buying any package gives, and the packages. */
export default observer(function PremiumPage() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const premium = !!authSlice.of(kernel).user?.paid_user;
  const offer = useLoad(() => getOffer(kernel.api));
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
      <Claim>{t('payments:premium.claim', { percent: 46 })}</Claim>
      <p>{t('payments:premium.how')}</p>
      <FormError message={offer.error} />
      {!offer.data && !offer.error && <Spinner />}
      {offer.data && <PackageTiles packages={offer.data.packages} label={t('payments:credits.packages')} />}
    </Page>
  );
});
