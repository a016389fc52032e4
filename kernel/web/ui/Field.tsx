import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { styled } from '@linaria/react';
import { colors } from '../theme.ts';

const Wrap = styled.div`
  margin-bottom: 14px;
  label { display: block; margin-bottom: 4px; font-weight: 600; font-size: 14px; }
  input, select {
    width: 100%;
    min-height: 42px;
    padding: 8px 12px;
    border: 1px solid ${colors.border};
    border-radius: 8px;
    background: #fff;
  }
  input:focus, select:focus { border-color: ${colors.secondary}; outline: none; box-shadow: 0 0 0 3px rgba(194, 53, 193, 0.2); }
  [aria-invalid='true'] { border-color: ${colors.danger}; }
  .hint { color: ${colors.danger}; font-size: 14px; margin-top: 4px; }
`;

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null };

/** A labelled input; its error is announced and tied to it with aria-describedby. */
export function Field({ label, error, className, ...input }: FieldProps) {
  const id = useId();
  return (
    <Wrap className={className}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-err` : undefined} {...input} />
      {error && <div id={`${id}-err`} className="hint" role="alert">{error}</div>}
    </Wrap>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; children: ReactNode };

export function SelectField({ label, children, className, ...select }: SelectProps) {
  const id = useId();
  return (
    <Wrap className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select}>{children}</select>
    </Wrap>
  );
}

const ErrorBox = styled.div`
  margin: 0 0 14px;
  padding: 10px 14px;
  border-radius: 8px;
  background: #fbe9eb;
  color: #8a1c27;
`;

export function FormError({ message }: { message: string | null | undefined }) {
  return message ? <ErrorBox role="alert">{message}</ErrorBox> : null;
}
