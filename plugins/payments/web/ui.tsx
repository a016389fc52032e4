// Pieces the payments pages share: loading data, the package tiles, money in the reader's locale.
import { MUTED_TEXT } from './muted.ts';
import { useEffect, useRef, useState } from 'react';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { errorText } from '../../../kernel/web/errors.ts';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { buttonClass } from '../../../kernel/web/ui/Button.tsx';
import { colors, up } from '../../../kernel/web/theme.ts';
import { discountAmount, type CreditPackage, type OfferDiscount } from '../contract.ts';
import { formatMoney, formatPerCredit } from '../money.ts';

/** Loads once per `key`: data, or the member-facing error text. */
export function useLoad<T>(load: () => Promise<T>, key: unknown[] = [], initial: T | null = null): { data: T | null; error: string | null; set(d: T): void } {
  const { t } = useTranslation();
  const [state, setState] = useState<{ data: T | null; error: string | null }>({ data: initial, error: null });
  // `initial`: what the page already has (the server's, carried in the HTML): no fetch for it.
  const has = useRef(initial != null);
  useEffect(() => {
    if (has.current) { has.current = false; return; }
    let live = true;
    setState({ data: null, error: null });
    load().then((data) => live && setState({ data, error: null }), (err) => live && setState({ data: null, error: errorText(t, err, 'payments') }));
    return () => { live = false; };
  }, key); // eslint-disable-line react-hooks/exhaustive-deps
  return { ...state, set: (data: T) => setState({ data, error: null }) };
}

/** The reader's locale for Intl ('nb' for Norwegian). */
export const useLocale = () => useKernel().appState.locale;

export const Page = styled.div`
  max-width: 960px;
  h1 { color: ${colors.dark}; font-size: 28px; margin: 20px 0 8px; }
  h2 { color: ${colors.dark}; font-size: 20px; margin: 24px 0 10px; }
  .lead { font-size: 17px; }
  .muted { color: ${MUTED_TEXT}; }
`;

const Tiles = styled.ul`
  display: grid;
  grid-template-columns: 1fr;
  gap: 15px;
  list-style: none;
  padding: 0;
  margin: 0 0 16px;
  ${up('sm')} { grid-template-columns: repeat(2, 1fr); }
  ${up('lg')} { grid-template-columns: repeat(4, 1fr); }
  li { position: relative; display: flex; flex-direction: column; gap: 6px; padding: 22px 16px 16px; border: 2px solid ${colors.border}; border-radius: 12px; background: #fff; text-align: center; }
  li[data-popular='true'] { border-color: ${colors.primary}; box-shadow: 0 4px 18px rgba(255, 168, 0, 0.25); }
  h3 { margin: 0; font-size: 22px; color: ${colors.dark}; }
  .price { font-size: 24px; font-weight: 700; }
  .was { display: block; font-size: 16px; font-weight: 400; color: ${MUTED_TEXT}; }
  .now { color: ${colors.successText}; }
  .per { color: ${MUTED_TEXT}; font-size: 14px; }
  .popular { position: absolute; top: -12px; left: 50%; transform: translateX(-50%); padding: 2px 12px; border-radius: 12px; background: ${colors.primary}; color: #1d1200; font-size: 13px; font-weight: 700; white-space: nowrap; }
  a { margin-top: auto; }
`;

/**
 * The packages of one currency, each with its price per credit; `choose` links each to its checkout.
 * With a `discount`: the price after it (discountAmount, as the server charges), the old one struck through.
 */
export function PackageTiles({ packages, choose = true, label, discount = null }: {
  packages: CreditPackage[]; choose?: boolean; label: string; discount?: OfferDiscount | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Tiles aria-label={label}>
      {packages.map((p) => {
        const credits = t('payments:package.credits', { credits: p.credits });
        const cut = discountAmount(discount, p.price);
        const was = formatMoney(p.price, p.currency, locale);
        const price = formatMoney(p.price - cut, p.currency, locale);
        return (
          <li key={p.id} data-popular={p.popular ? 'true' : undefined}>
            {p.popular && <span className="popular">{t('payments:package.popular')}</span>}
            <h3>{credits}</h3>
            {cut > 0 ? (
              <span className="price">
                <span aria-hidden="true"><s className="was">{was}</s><span className="now">{price}</span></span>
                <span className="visually-hidden">{t('payments:discount.priceNow', { was, now: price, percent: discount?.value_percentage })}</span>
              </span>
            ) : <span className="price">{price}</span>}
            <span className="per">{t('payments:package.perCredit', { price: formatPerCredit(p.price - cut, p.credits, p.currency, locale) })}</span>
            {choose && (
              <Link className={buttonClass} data-variant={p.popular ? undefined : 'outline'} to="credits-id-paymentmethod" params={{ id: p.id }}
                aria-label={t('payments:package.chooseLabel', { credits: p.credits, price })}>
                {t('payments:package.choose')}
              </Link>
            )}
          </li>
        );
      })}
    </Tiles>
  );
}

export const MethodList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  list-style: none;
  padding: 0;
  margin: 0 0 16px;
  li { padding: 6px 12px; border: 1px solid ${colors.border}; border-radius: 16px; background: ${colors.light}; font-size: 14px; }
`;
