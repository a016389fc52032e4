import { useEffect, useMemo, useState } from 'react';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { colors } from '../../../kernel/web/theme.ts';
import type { Currency, OfferDiscount } from '../contract.ts';
import { formatMoney } from '../money.ts';
import { secondsLeft } from './countdown.ts';
import { CountdownTime } from './CountdownTime.tsx';
import { useLocale } from './ui.tsx';

const Box = styled.section`
  margin: 0 0 18px;
  padding: 14px 18px;
  border-radius: 10px;
  background: ${colors.light};
  border-left: 4px solid ${colors.successText};
  h2 { margin: 0 0 6px !important; font-size: 20px; color: ${colors.dark}; }
  p { margin: 4px 0; }
  time { font-variant-numeric: tabular-nums; font-weight: 700; color: ${colors.successText}; }
  .claim { font-weight: 600; color: ${colors.dark}; }
`;

/**
 * The member's discount now: how much, until when (a countdown from the server's `ends_in`), what
 * it needs; with the welcome bonus and discount the spec's claim (unless `claim` is false). `onEnd` runs when it runs out
 * (the page reloads its offer: the server decides what is charged).
 */
export function DiscountNotice({ discount, currency, onEnd, claim = true }: { discount: OfferDiscount; currency: Currency; onEnd?(): void; claim?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const startedAt = useMemo(() => Date.now(), [discount]);
  // Only the <time> ticks; the notice renders once (its line goes when the countdown reaches 0).
  const [ended, setEnded] = useState(() => secondsLeft(discount.ends_in ?? 0, startedAt, Date.now()) <= 0);
  useEffect(() => setEnded(secondsLeft(discount.ends_in ?? 0, startedAt, Date.now()) <= 0), [discount, startedAt]);
  const end = () => { setEnded(true); if ((discount.ends_in ?? 0) > 0) onEnd?.(); };
  const percent = discount.value_percentage;
  // The claim goes with the welcome offers (spec section 9), not with codes; /premium shows it already.
  const welcome = claim && discount.kind !== 'code';
  return (
    <Box aria-labelledby="discount-heading">
      <h2 id="discount-heading">{t(`payments:discount.title.${discount.kind}`, { percent, code: discount.code })}</h2>
      {discount.ends_in != null && !ended && (
        <p>{t('payments:discount.endsIn')} <CountdownTime seconds={discount.ends_in} startedAt={startedAt} onZero={end} /></p>
      )}
      {discount.minimum_order_value != null && (
        <p>{t('payments:discount.minimum', { amount: formatMoney(discount.minimum_order_value, currency, locale) })}</p>
      )}
      {discount.paymentmethods && (
        <p>{t('payments:discount.methods', { methods: discount.paymentmethods.map((m) => t(`payments:methods.${m}`)).join(', ') })}</p>
      )}
      {welcome && <p className="claim">{t('payments:premium.claim', { percent: 46 })}</p>}
    </Box>
  );
}
