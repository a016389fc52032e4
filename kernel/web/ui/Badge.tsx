import { styled } from '@linaria/react';
import { colors } from '../theme.ts';

export type { BadgeTone } from './badge-tone.ts';

/** Badge text: counts above 99 show as "99+". */
export const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

export const Badge = styled.span`
  display: inline-block;
  min-width: 20px;
  padding: 1px 6px;
  border-radius: 10px;
  font-size: 12px;
  font-weight: 700;
  line-height: 18px;
  text-align: center;
  color: #fff;
  background: ${colors.dark};
  &[data-tone='warning'] { background: ${colors.warning}; color: #1d1200; }
  &[data-tone='danger'] { background: ${colors.danger}; }
  &[data-tone='unread'] { background: ${colors.unread}; }
`;
