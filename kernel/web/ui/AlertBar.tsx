import type { ReactNode } from 'react';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { colors } from '../theme.ts';

const Bar = styled.div`
  background: #fff6e0;
  border-bottom: 1px solid #f3d48a;
  color: ${colors.text};
  font-size: 15px;
  .container { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 14px; padding-top: 10px; padding-bottom: 10px; }
  .text { flex: 1 1 260px; }
  .dismiss { border: 0; background: none; font-size: 22px; line-height: 1; cursor: pointer; color: ${colors.muted}; padding: 4px 8px; }
  &[data-tone='info'] { background: #f7eef8; border-color: #e3c8e6; }
  /* The page's alert is a compact card docked at the bottom of the screen: it never pushes the
     page's first screen down, nor moves it when it arrives — after a server-rendered page has
     hydrated, say (layouts' data-alert-dock). */
  [data-alert-dock] & {
    position: fixed;
    left: 8px;
    right: 8px;
    bottom: calc(8px + env(safe-area-inset-bottom, 0px));
    z-index: 1000;
    border: 1px solid #e3c8e6;
    border-radius: 12px;
    box-shadow: 0 4px 18px rgba(0, 0, 0, 0.18);
    font-size: 14px;
    line-height: 1.35;
    .container { flex-wrap: nowrap; gap: 8px; padding: 8px 6px 8px 12px; }
    .text { flex: 1 1 auto; }
    a, button:not(.dismiss) { flex: none; padding: 6px 12px; font-size: 14px; }
  }
  @media (min-width: 768px) {
    [data-alert-dock] & { left: 50%; right: auto; width: min(720px, calc(100% - 32px)); transform: translateX(-50%); font-size: 15px; }
  }
`;

/** A notice docked at the bottom of the screen (in a conversation, under the navigation), with its actions and (optionally) a way to dismiss it. */
export function AlertBar({ children, actions, onDismiss, tone = 'warning', dismissLabel }: {
  children: ReactNode; actions?: ReactNode; onDismiss?(): void; tone?: 'warning' | 'info'; dismissLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Bar role="status" data-tone={tone}>
      <div className="container">
        <span className="text">{children}</span>
        {actions}
        {onDismiss && <button type="button" className="dismiss" aria-label={dismissLabel ?? t('kernel:close')} onClick={onDismiss}>×</button>}
      </div>
    </Bar>
  );
}
