import { useEffect, useId, useRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { css, cx } from '@linaria/core';
import { colors, fontFamily } from '../theme.ts';

/**
 * The console's building blocks: plain, dense, keyboard- and screen-reader-friendly. Every input
 * has a label, every button a name, the dialog traps focus and gives it back.
 */

/** Grey text that keeps 7:1 on the console's light backgrounds. */
export const mutedText = '#4f565c';

const page = css`
  padding: 16px 24px 48px;
  max-width: 1280px;
  h1 { font-size: 1.5rem; margin: 0; }
`;
const pageHead = css`
  display: flex; flex-wrap: wrap; gap: 12px; align-items: center; justify-content: space-between; margin-bottom: 16px;
`;
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className={page} aria-labelledby="console-page-title">
      <div className={pageHead}>
        <h1 id="console-page-title">{title}</h1>
        {actions && <div className={row}>{actions}</div>}
      </div>
      {children}
    </section>
  );
}

export const row = css`
  display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end;
`;

const button = css`
  font: inherit; font-size: 0.9rem; border-radius: 4px; padding: 6px 14px; cursor: pointer;
  border: 1px solid ${colors.dark}; background: ${colors.white}; color: ${colors.dark};
  &:hover:not(:disabled) { background: ${colors.light}; }
  &:disabled { opacity: 0.55; cursor: default; }
  &:focus-visible { outline: 3px solid ${colors.primary}; outline-offset: 1px; }
`;
const primaryButton = css`
  background: ${colors.dark}; color: ${colors.white};
  &:hover:not(:disabled) { background: #5b2a5d; }
`;
const dangerButton = css`
  border-color: ${colors.danger}; color: #b02a37;
`;
export function Button({ kind = 'default', className, type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { kind?: 'default' | 'primary' | 'danger' }) {
  return <button type={type} className={cx(button, kind === 'primary' && primaryButton, kind === 'danger' && dangerButton, className)} {...rest} />;
}

const field = css`
  display: flex; flex-direction: column; gap: 4px; font-size: 0.9rem; min-width: 160px;
  label { font-weight: 600; }
  input, select, textarea {
    font: inherit; padding: 6px 8px; border: 1px solid #b7b7b7; border-radius: 4px; background: ${colors.white};
    &:focus-visible { outline: 3px solid ${colors.primary}; outline-offset: 0; }
    &[aria-invalid='true'] { border-color: ${colors.danger}; }
  }
  small { color: ${mutedText}; }
`;
export const fieldError = css`
  color: #b02a37; font-weight: 600;
`;

interface FieldProps { label: string; hint?: string; error?: string | null; }
export function TextField({ label, hint, error, value, onChange, type = 'text', ...rest }: FieldProps & {
  value: string; onChange(v: string): void; type?: string; autoComplete?: string; required?: boolean; inputMode?: 'numeric' | 'text' | 'email'; placeholder?: string; multiline?: boolean; name?: string; min?: number; max?: number; step?: string;
}) {
  const id = useId();
  const { multiline, ...attrs } = rest;
  const described = hint || error ? `${id}-hint` : undefined;
  return (
    <div className={field}>
      <label htmlFor={id}>{label}</label>
      {multiline
        ? <textarea id={id} value={value} rows={4} aria-invalid={error ? true : undefined} aria-describedby={described} onChange={(e) => onChange(e.target.value)} {...attrs} />
        : <input id={id} type={type} value={value} aria-invalid={error ? true : undefined} aria-describedby={described} onChange={(e) => onChange(e.target.value)} {...attrs} />}
      {(hint || error) && <small id={`${id}-hint`} className={error ? fieldError : undefined}>{error ?? hint}</small>}
    </div>
  );
}

export function SelectField({ label, hint, error, value, options, onChange }: FieldProps & {
  value: string; options: { value: string; label: string }[]; onChange(v: string): void;
}) {
  const id = useId();
  return (
    <div className={field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} aria-invalid={error ? true : undefined} aria-describedby={hint || error ? `${id}-hint` : undefined} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {(hint || error) && <small id={`${id}-hint`} className={error ? fieldError : undefined}>{error ?? hint}</small>}
    </div>
  );
}

const check = css`
  display: flex; gap: 8px; align-items: flex-start; font-size: 0.9rem;
  input { margin-top: 3px; width: 16px; height: 16px; }
  small { display: block; color: ${mutedText}; }
`;
export function CheckField({ label, hint, checked, onChange, disabled }: { label: string; hint?: string; checked: boolean; onChange(v: boolean): void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className={check}>
      <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} aria-describedby={hint ? `${id}-hint` : undefined} />
      <label htmlFor={id}>{label}{hint && <small id={`${id}-hint`}>{hint}</small>}</label>
    </div>
  );
}

const table = css`
  width: 100%; border-collapse: collapse; font-size: 0.875rem; background: ${colors.white};
  caption { text-align: left; font-weight: 600; padding: 6px 0; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid ${colors.border}; vertical-align: top; }
  th { background: ${colors.light}; position: sticky; top: 0; }
  tbody tr:hover { background: #fbf8fb; }
`;
const tableWrap = css`
  overflow-x: auto; border: 1px solid ${colors.border}; border-radius: 4px;
  &:focus-visible { outline: 3px solid ${colors.secondary}; outline-offset: 2px; }
`;
export interface Column<R> { key: string; label: string; render?: (row: R) => ReactNode }
export function DataTable<R extends object>({ caption, columns, rows, empty, rowKey }: {
  caption: string; columns: Column<R>[]; rows: R[]; empty: string; rowKey?: (row: R, i: number) => string | number;
}) {
  return (
    // A wide table scrolls sideways in its frame: the frame takes the keyboard focus (arrows scroll it) and is named by the caption.
    <div className={tableWrap} role="region" aria-label={caption} tabIndex={0}>
      <table className={table}>
        <caption>{caption}</caption>
        <thead><tr>{columns.map((c) => <th key={c.key} scope="col">{c.label}</th>)}</tr></thead>
        <tbody>
          {rows.length === 0 && <tr><td colSpan={columns.length}>{empty}</td></tr>}
          {rows.map((r, i) => (
            <tr key={rowKey ? rowKey(r, i) : i}>
              {columns.map((c) => <td key={c.key}>{c.render ? c.render(r) : show((r as Record<string, unknown>)[c.key])}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
const show = (v: unknown): ReactNode => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

const notice = css`
  padding: 10px 14px; border-radius: 4px; margin: 8px 0; font-size: 0.9rem; border: 1px solid;
`;
const tones = {
  info: css`background: #eef4ff; border-color: #9db8e8; color: #1f3b6e;`,
  success: css`background: #e9f7ec; border-color: #8fcf9b; color: #0f5020;`,
  error: css`background: #fdecee; border-color: #e39aa3; color: #7a1823;`,
};
export function Notice({ kind = 'info', children }: { kind?: keyof typeof tones; children: ReactNode }) {
  return <div role={kind === 'error' ? 'alert' : 'status'} className={cx(notice, tones[kind])}>{children}</div>;
}

const backdrop = css`
  position: fixed; inset: 0; background: rgba(0, 0, 0, 0.45); display: flex; align-items: flex-start; justify-content: center;
  padding: 8vh 16px; z-index: 50; overflow-y: auto;
`;
const dialog = css`
  background: ${colors.white}; border-radius: 6px; width: 100%; max-width: 500px; padding: 20px 24px; font-family: ${fontFamily};
  box-shadow: 0 10px 30px rgba(0, 0, 0, 0.25);
  h2 { margin: 0 0 12px; font-size: 1.2rem; }
`;
const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** A modal dialog: Escape and the close button close it; Tab stays inside; focus returns where it was. */
export function Dialog({ title, open, onClose, closeLabel, children, wide }: { title: string; open: boolean; onClose(): void; closeLabel: string; children: ReactNode; wide?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    const first = box.current?.querySelector<HTMLElement>(focusable);
    (first ?? box.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') { e.preventDefault(); onClose(); return; }
      if (e.key !== 'Tab' || !box.current) return;
      const items = [...box.current.querySelectorAll<HTMLElement>(focusable)];
      if (!items.length) return;
      const [a, z] = [items[0], items[items.length - 1]];
      if (e.shiftKey && document.activeElement === a) { e.preventDefault(); z.focus(); }
      else if (!e.shiftKey && document.activeElement === z) { e.preventDefault(); a.focus(); }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className={backdrop} onMouseDown={(e) => { if (e.target === e.currentTarget) onClose(); }}>
      <div ref={box} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={dialog} style={wide ? { maxWidth: 800 } : undefined}>
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className={row} style={{ justifyContent: 'flex-end', marginTop: 16 }}>
          <Button onClick={onClose}>{closeLabel}</Button>
        </div>
      </div>
    </div>
  );
}

export { downloadCsv } from './csv.ts';
export { SchemaForm } from './SchemaForm.tsx';
