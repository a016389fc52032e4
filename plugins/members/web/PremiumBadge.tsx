import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { colors } from '../../../kernel/web/theme.ts';

const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 3px;
  padding: 1px 8px;
  border-radius: 10px;
  font-size: 12px;
  font-weight: 700;
  line-height: 18px;
  color: #3b2500;
  background: ${colors.primary};
  white-space: nowrap;
`;

/** Shown on members who bought credits. */
export function PremiumBadge() {
  const { t } = useTranslation();
  return <Badge title={t('members:premium.title')}><span aria-hidden="true">★</span> {t('members:premium.badge')}</Badge>;
}
