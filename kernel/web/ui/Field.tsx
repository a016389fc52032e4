import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { styled } from '@linaria/react';
import { colors } from '../theme.ts';

const Wrap = styled.div`
  margin-bottom: 14px;
  label { display: block; margin-bottom: 4px; font-weight: 600; font-size: 14px; }
  input:not([type='checkbox']), select {
    width: 100%;
    min-height: 42px;
    padding: 8px 12px;
    border: 1px solid ${colors.border};
    border-radius: 8px;
    background: #fff;
  }
  /* A field that takes focus (the first in error) scrolls to below the sticky top navigation, label included. */
  input, select { scroll-margin-top: 96px; }
  input:focus, select:focus { border-color: ${colors.secondary}; outline: none; box-shadow: 0 0 0 3px rgba(194, 53, 193, 0.2); }
  [aria-invalid='true'] { border-color: ${colors.danger}; }
  /* Darker than the theme's muted grey (4.3:1 on the light page background): about 6:1. */
  .hint { color: #596068; font-size: 14px; margin-top: 4px; }
  /* Darker than the theme's danger red (#dc3545: 4.2:1 on the light page background, under AA's 4.5:1): about 5.9:1. */
  .error { color: #b02a37; font-size: 14px; margin-top: 4px; }
`;

/** The ids a control's aria-describedby lists: its hint, then its error. */
function describedBy(id: string, hint?: ReactNode, error?: string | null) {
  return [hint ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;
}

function Notes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | null }) {
  return (
    <>
      {hint && <div id={`${id}-hint`} className="hint">{hint}</div>}
      {error && <div id={`${id}-err`} className="error" role="alert">{error}</div>}
    </>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; hint?: ReactNode; error?: string | null };

/** A labelled input; its hint and error are tied to it with aria-describedby (the error announced). */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, hint, error, className, ...input }, ref) {
  const id = useId();
  return (
    <Wrap className={className}>
      <label htmlFor={id}>{label}</label>
      <input ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...input} />
      <Notes id={id} hint={hint} error={error} />
    </Wrap>
  );
});

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; error?: string | null; children: ReactNode };

export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField({ label, error, className, children, ...select }, ref) {
  const id = useId();
  return (
    <Wrap className={className}>
      <label htmlFor={id}>{label}</label>
      <select ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, undefined, error)} {...select}>{children}</select>
      <Notes id={id} error={error} />
    </Wrap>
  );
});

const CheckWrap = styled(Wrap)`
  label { display: flex; gap: 10px; align-items: flex-start; font-weight: 400; font-size: 15px; line-height: 1.5; cursor: pointer; }
  input { flex: none; width: 22px; height: 22px; margin-top: 2px; accent-color: ${colors.dark}; }
`;

type CheckProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; error?: string | null };

/** A checkbox whose (long) label is beside it; the error sits under it. */
export const CheckField = forwardRef<HTMLInputElement, CheckProps>(function CheckField({ label, error, className, ...input }, ref) {
  const id = useId();
  return (
    <CheckWrap className={className}>
      <label htmlFor={id}>
        <input ref={ref} type="checkbox" id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, undefined, error)} {...input} />
        <span>{label}</span>
      </label>
      <Notes id={id} error={error} />
    </CheckWrap>
  );
});

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
