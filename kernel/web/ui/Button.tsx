import type { ButtonHTMLAttributes } from 'react';
import { css, cx } from '@linaria/core';
import { colors } from '../theme.ts';

/** Button look in the theme colours; `data-variant` picks primary (default), secondary, outline or link. Also for links that look like buttons. */
export const buttonClass = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  min-height: 40px;
  padding: 8px 18px;
  border: 2px solid ${colors.primary};
  border-radius: 20px;
  background: ${colors.primary};
  color: #1d1200;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  transition: background 0.15s, border-color 0.15s;
  &:hover { background: ${colors.primaryDark}; border-color: ${colors.primaryDark}; color: #1d1200; }
  &:disabled { opacity: 0.6; cursor: not-allowed; }
  &[data-variant='secondary'] { background: ${colors.secondary}; border-color: ${colors.secondary}; color: #fff; }
  &[data-variant='outline'] { background: transparent; color: ${colors.dark}; border-color: ${colors.dark}; }
  &[data-variant='outline']:hover:not(:disabled) { background: ${colors.dark}; color: #fff; }
  &[data-variant='link'] { background: none; border-color: transparent; color: ${colors.dark}; padding: 4px 8px; }
  &[data-block='true'] { width: 100%; }
`;

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { 'data-variant'?: string; 'data-block'?: string };

export function Button({ className, type = 'button', ...rest }: Props) {
  return <button type={type} className={cx(buttonClass, className)} {...rest} />;
}
