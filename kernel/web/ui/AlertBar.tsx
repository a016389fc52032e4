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
`;

/** A full-width notice under the navigation, with its actions and (optionally) a way to dismiss it. */
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
