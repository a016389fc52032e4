import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { routeRef } from '../../../kernel/contract/routes.ts';
import { colors } from '../../../kernel/web/theme.ts';
import { CountdownTime, secondsLeft } from '../../payments/ui.ts';
import { TIME_BONUS_PERCENTAGE } from '../contract.ts';
import { bonusSlice } from './store.ts';
import { Star } from './Star.tsx';

/** The payments plugin's /credits, where the bonus is spent. */
const credits = routeRef('credits');

const Strip = styled(Link)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 4px 10px;
  width: 100%;
  min-height: 44px;
  padding: 8px 12px;
  background: linear-gradient(90deg, ${colors.dark}, ${colors.secondary});
  color: #fff;
  font-weight: 600;
  text-align: center;
  text-decoration: none;
  &:hover, &:focus-visible { color: #fff; text-decoration: underline; }
  &:focus-visible { outline: 3px solid ${colors.primaryOnDark}; outline-offset: -3px; }
  .stars { display: inline-flex; gap: 2px; color: ${colors.primaryOnDark}; }
  /* One row of stars on a phone keeps the strip to two lines at most. */
  .stars ~ .stars { display: none; }
  @media (min-width: 576px) { .stars ~ .stars { display: inline-flex; } }
  time { font-variant-numeric: tabular-nums; font-size: 17px; color: ${colors.primaryOnDark}; }
`;

/** The welcome bonus strip above the navigation: stars, the title and hh:mm:ss left, to /credits. */
export default observer(function TimeBonusBanner() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const store = bonusSlice.of(kernel);
  // Only the <time> ticks (CountdownTime); the strip renders again when the bonus ends (store.clear()).
  const seconds = store.bonus?.remaining ?? 0;
  if (!store.visible || secondsLeft(seconds, store.loadedAt, Date.now()) <= 0) return null;
  const stars = <span className="stars"><Star /><Star /><Star /></span>;
  return (
    <Strip to={credits}>
      {stars}
      <span>{t('bonuses:banner.title', { percent: store.bonus?.code?.value_percentage ?? TIME_BONUS_PERCENTAGE })}</span>
      <CountdownTime seconds={seconds} startedAt={store.loadedAt} onZero={() => store.clear()} />
      {stars}
    </Strip>
  );
});
