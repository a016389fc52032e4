import type { ReactNode } from 'react';
import { styled } from '@linaria/react';
import { colors } from '../../../kernel/web/theme.ts';

/** Big tappable choices (radio buttons or checkboxes) inside a fieldset with a visible legend. */
export const Choices = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 16px;
  legend { font-weight: 600; font-size: 15px; margin-bottom: 8px; padding: 0; }
  .options { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
  .options label {
    display: flex; align-items: center; justify-content: center; gap: 8px;
    min-height: 48px; padding: 8px 12px;
    border: 2px solid ${colors.border}; border-radius: 10px; cursor: pointer; font-weight: 600;
  }
  .options label:has(input:checked) { border-color: ${colors.secondary}; background: #fbeefb; color: ${colors.dark}; }
  .options label:has(input:focus-visible) { outline: 3px solid rgba(194, 53, 193, 0.35); outline-offset: 2px; }
  input { accent-color: ${colors.secondary}; width: 18px; height: 18px; }
`;

export const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1.6fr 1.2fr;
  gap: 8px;
`;

export const Steps = styled.div`
  margin: -6px 0 16px;
  font-size: 13px;
  color: ${colors.muted};
  .bar { height: 6px; border-radius: 3px; background: ${colors.border}; margin-top: 6px; overflow: hidden; }
  .bar > span { display: block; height: 100%; background: ${colors.secondary}; transition: width 0.2s; }
`;

export const Nav = styled.div`
  display: flex;
  gap: 10px;
  margin-top: 18px;
  > :last-child { flex: 1; }
`;

export const Hint = styled.p`
  margin: -8px 0 14px;
  font-size: 13px;
  color: ${colors.muted};
`;

export const ErrorLine = styled.div`
  color: ${colors.danger};
  font-size: 14px;
  margin: -8px 0 14px;
  a { color: ${colors.danger}; font-weight: 600; }
`;

export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  return children ? <ErrorLine id={id} role="alert">{children}</ErrorLine> : null;
}
