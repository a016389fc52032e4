import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { dismissals } from '../../../kernel/web/dismissals.ts';
import { Modal } from '../../../kernel/web/ui/Modal.tsx';
import type { ModalProps } from '../../../kernel/web/plugin.ts';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { routeRef } from '../../../kernel/contract/routes.ts';
import { colors } from '../../../kernel/web/theme.ts';
import { CountdownTime } from '../../payments/ui.ts';
import { TIME_BONUS_ACT_FAST, TIME_BONUS_PERCENTAGE } from '../contract.ts';
import { bonusSlice, MODAL_DISMISS_KEY } from './store.ts';
import { Star } from './Star.tsx';

/** The payments plugin's /credits, where the bonus is spent. */
const credits = routeRef('credits');

const Body = styled.div`
  text-align: center;
  .ribbon {
    display: flex; align-items: center; justify-content: center; gap: 8px;
    /* Below the dialog's close button (top 8px, about 36px high), not under it; edge to edge. */
    margin: 20px -20px 16px; padding: 10px 16px;
    background: linear-gradient(90deg, ${colors.dark}, ${colors.secondary});
    color: #fff; font-weight: 700; text-transform: uppercase; letter-spacing: 0.06em;
  }
  .ribbon svg { color: ${colors.primaryOnDark}; }
  .bonus { margin: 0 0 10px; font-size: 34px; font-weight: 800; line-height: 1.15; color: ${colors.dark}; }
  .unlock { font-size: 18px; font-weight: 600; margin: 0 0 8px; }
  .fast { margin: 0 0 18px; }
  .go {
    display: inline-flex; flex-direction: column; align-items: center; gap: 2px;
    padding: 12px 26px; border-radius: 26px; background: ${colors.successText}; color: #fff;
    font-weight: 700; font-size: 18px; text-decoration: none;
  }
  .go:hover, .go:focus-visible { background: #006400; color: #fff; }
  .go:focus-visible { outline: 3px solid ${colors.secondary}; outline-offset: 2px; }
  .go time { font-variant-numeric: tabular-nums; font-weight: 600; font-size: 15px; }
  .instant { margin: 14px 0 0; color: ${colors.muted}; font-size: 14px; }
`;

/**
 * The welcome bonus popup (spec section 2): opened after 40 s in the members area. Closing it in
 * any way (the close icon, Escape, the backdrop or going to /credits) stores when, so it stays closed.
 */
export default observer(function TimeBonusModal({ close }: { close(): void; props: ModalProps['time-bonus'] }) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const store = bonusSlice.of(kernel);
  const percent = store.bonus?.code?.value_percentage ?? TIME_BONUS_PERCENTAGE;
  const welcome = t('bonuses:modal.bonus', { percent });
  const done = () => {
    dismissals.dismiss(MODAL_DISMISS_KEY);
    close();
  };
  return (
    <Modal title={welcome} hideTitle onClose={done}>
      <Body>
        <p className="ribbon"><Star /><span>{t('bonuses:modal.special')}</span><Star /></p>
        <p className="bonus" aria-hidden="true">{welcome}</p>
        <p className="unlock">{t('bonuses:modal.unlock', { percent })}</p>
        <p className="fast">{t('bonuses:modal.actFast', { hours: TIME_BONUS_ACT_FAST })}</p>
        <Link className="go" to={credits} onClick={done}>
          <span>{t('bonuses:modal.go')}</span>
          <CountdownTime seconds={store.bonus?.remaining ?? 0} startedAt={store.loadedAt}>{(time) => t('bonuses:modal.left', { time })}</CountdownTime>
        </Link>
        <p className="instant">{t('bonuses:modal.instant')}</p>
      </Body>
    </Modal>
  );
});
