import { useState, type FormEvent, type ReactNode } from 'react';
import { css } from '@linaria/core';
import { Button, CheckField, SelectField, TextField, fieldError, mutedText, row } from './ui.tsx';
import { colors } from '../theme.ts';

/**
 * A form generated from a setting's JSON schema (the plugins declare them in TypeBox): strings,
 * numbers, booleans, choices (enum, literal unions), lists (of choices: checkboxes; of anything
 * else: rows to add and remove), objects (their properties; optional ones added on demand), maps
 * (patternProperties: key and value rows) and "or nothing" (a union with null). What it cannot show
 * it edits as JSON and says so: a schema that needs that is a schema to make more exact.
 */
export interface JsonSchema {
  type?: string | string[];
  title?: string; description?: string;
  enum?: unknown[]; const?: unknown; anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>; required?: string[]; patternProperties?: Record<string, JsonSchema>;
  items?: JsonSchema; minimum?: number; maximum?: number; maxLength?: number; pattern?: string; default?: unknown;
}

export interface SchemaFormTexts {
  add: string; remove: string; key: string; none: string; asJson: string; invalidJson: string; yes: string; no: string;
}

const box = css`
  border: 1px solid ${colors.border}; border-radius: 4px; padding: 8px 12px 12px; margin: 4px 0;
  display: flex; flex-direction: column; gap: 10px;
  legend { font-weight: 600; font-size: 0.9rem; padding: 0 4px; }
  > small { color: ${mutedText}; }
`;
const item = css`
  display: flex; gap: 8px; align-items: flex-start; flex-wrap: wrap;
  > :first-child { flex: 1; }
`;

/** A value a new field or row starts with. */
export function emptyOf(s: JsonSchema): unknown {
  if (s.default !== undefined && s.default !== null) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.anyOf) return emptyOf(s.anyOf.find((x) => x.type !== 'null') ?? s.anyOf[0]);
  switch (Array.isArray(s.type) ? s.type[0] : s.type) {
    case 'object': return Object.fromEntries(Object.entries(s.properties ?? {}).filter(([k]) => s.required?.includes(k)).map(([k, v]) => [k, emptyOf(v)]));
    case 'array': return [];
    case 'integer': case 'number': return s.minimum ?? 0;
    case 'boolean': return false;
    case 'null': return null;
    default: return '';
  }
}

const choices = (s: JsonSchema): unknown[] | null =>
  s.enum ?? (s.anyOf?.every((x) => x.const !== undefined) ? s.anyOf.map((x) => x.const) : null);

interface FieldArgs { schema: JsonSchema; value: unknown; onChange(v: unknown): void; label: string; path: string; texts: SchemaFormTexts; error: { path: string; message: string } | null }

function JsonField({ schema, value, onChange, label, texts }: FieldArgs) {
  const [text, setText] = useState(() => JSON.stringify(value ?? null, null, 2));
  const [bad, setBad] = useState(false);
  return (
    <TextField multiline label={`${label} (${texts.asJson})`} hint={schema.description} error={bad ? texts.invalidJson : null} value={text}
      onChange={(v) => {
        setText(v);
        try { onChange(JSON.parse(v)); setBad(false); } catch { setBad(true); }
      }} />
  );
}

export function SchemaField(args: FieldArgs): ReactNode {
  const { schema: s, value, onChange, label, path, texts, error } = args;
  const err = error && (error.path === path) ? error.message : null;
  const hint = s.description;
  const options = choices(s);
  // "Or nothing": a union with null.
  const nonNull = s.anyOf?.filter((x) => x.type !== 'null');
  if (s.anyOf && nonNull && nonNull.length === 1 && nonNull.length < s.anyOf.length) {
    return (
      <fieldset className={box}>
        <legend>{label}</legend>
        <CheckField label={texts.none} checked={value === null} onChange={(none) => onChange(none ? null : emptyOf(nonNull[0]))} />
        {value !== null && SchemaField({ ...args, schema: { ...nonNull[0], title: nonNull[0].title ?? s.title }, label })}
      </fieldset>
    );
  }
  if (options && !(s.type === 'boolean' && s.const !== undefined)) {
    return <SelectField label={label} hint={hint} error={err} value={String(value ?? '')} options={options.map((o) => ({ value: String(o), label: String(o) }))}
      onChange={(v) => onChange(options.find((o) => String(o) === v))} />;
  }
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'boolean') return <CheckField label={label} hint={hint} checked={value === true} onChange={onChange} />;
  if (type === 'integer' || type === 'number') {
    return <TextField label={label} hint={hint} error={err} type="number" value={value == null ? '' : String(value)} min={s.minimum} max={s.maximum} step={type === 'integer' ? '1' : 'any'}
      onChange={(v) => onChange(v === '' ? null : Number(v))} />;
  }
  if (type === 'string') {
    return <TextField label={label} hint={hint} error={err} value={String(value ?? '')} multiline={(s.maxLength ?? 0) > 300} onChange={onChange} />;
  }
  if (type === 'array' && s.items) {
    const list = Array.isArray(value) ? value : [];
    const itemChoices = choices(s.items);
    if (itemChoices) {
      return (
        <fieldset className={box}>
          <legend>{label}</legend>
          {hint && <small>{hint}</small>}
          {err && <small className={fieldError}>{err}</small>}
          <div className={row}>
            {itemChoices.map((c) => (
              <CheckField key={String(c)} label={String(c)} checked={list.includes(c)}
                onChange={(on) => onChange(on ? [...list, c] : list.filter((x) => x !== c))} />
            ))}
          </div>
        </fieldset>
      );
    }
    return (
      <fieldset className={box}>
        <legend>{label}</legend>
        {hint && <small>{hint}</small>}
        {err && <small className={fieldError}>{err}</small>}
        {list.map((v, i) => (
          <div key={i} className={item}>
            <div>{SchemaField({ ...args, schema: s.items!, value: v, label: `${s.items!.title ?? label} ${i + 1}`, path: `${path}/${i}`, onChange: (nv) => onChange(list.map((x, j) => (j === i ? nv : x))) })}</div>
            <Button kind="danger" aria-label={`${texts.remove}: ${s.items!.title ?? label} ${i + 1}`} onClick={() => onChange(list.filter((_, j) => j !== i))}>{texts.remove}</Button>
          </div>
        ))}
        <div><Button onClick={() => onChange([...list, emptyOf(s.items!)])}>{texts.add}: {s.items.title ?? label}</Button></div>
      </fieldset>
    );
  }
  if (type === 'object' && (s.properties || s.patternProperties)) {
    const obj = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
    const set = (k: string, v: unknown) => {
      const next = { ...obj };
      if (v === undefined) delete next[k];
      else next[k] = v;
      onChange(next);
    };
    if (s.properties) {
      return (
        <fieldset className={box}>
          <legend>{label}</legend>
          {hint && <small>{hint}</small>}
          {err && <small className={fieldError}>{err}</small>}
          {Object.entries(s.properties).map(([k, ps]) => {
            const name = ps.title ?? k;
            const optional = !s.required?.includes(k);
            if (optional && !(k in obj)) {
              return <div key={k}><Button onClick={() => set(k, emptyOf(ps))}>{texts.add}: {name}</Button></div>;
            }
            return (
              <div key={k} className={item}>
                <div>{SchemaField({ ...args, schema: ps, value: obj[k], label: name, path: `${path}/${k}`, onChange: (v) => set(k, v) })}</div>
                {optional && <Button kind="danger" aria-label={`${texts.remove}: ${name}`} onClick={() => set(k, undefined)}>{texts.remove}</Button>}
              </div>
            );
          })}
        </fieldset>
      );
    }
    const [pattern, vs] = Object.entries(s.patternProperties!)[0];
    const entries = Object.entries(obj);
    return (
      <fieldset className={box}>
        <legend>{label}</legend>
        {hint && <small>{hint}</small>}
        {err && <small className={fieldError}>{err}</small>}
        {entries.map(([k, v], i) => (
          <div key={i} className={item}>
            <TextField label={`${texts.key} ${i + 1}`} hint={pattern} value={k} onChange={(nk) => {
              onChange(Object.fromEntries(entries.map(([ek, ev]) => (ek === k ? [nk, ev] : [ek, ev]))));
            }} />
            <div>{SchemaField({ ...args, schema: vs, value: v, label: `${vs.title ?? label} (${k})`, path: `${path}/${k}`, onChange: (nv) => set(k, nv) })}</div>
            <Button kind="danger" aria-label={`${texts.remove}: ${k}`} onClick={() => set(k, undefined)}>{texts.remove}</Button>
          </div>
        ))}
        <div><Button onClick={() => { let k = 'NEW'; for (let n = 2; k in obj; n++) k = `NEW${n}`; set(k, emptyOf(vs)); }}>{texts.add}: {vs.title ?? label}</Button></div>
      </fieldset>
    );
  }
  return <JsonField {...args} />;
}

/** One setting's form: its field from its schema and a save button; the server's error shown at its field. */
export function SchemaForm({ name, schema, value, onSubmit, texts, saveLabel, error }: {
  name: string; schema: JsonSchema; value: unknown; onSubmit(v: unknown): void | Promise<void>; texts: SchemaFormTexts; saveLabel: string;
  /** The server's complaint: its path ("packages/EUR/0/price") and message. */
  error?: { path: string; message: string } | null;
}) {
  const [draft, setDraft] = useState<unknown>(value);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try { await onSubmit(draft); } finally { setBusy(false); }
  };
  return (
    <form onSubmit={submit} aria-label={schema.title ?? name}>
      {SchemaField({ schema, value: draft, onChange: setDraft, label: schema.title ?? name, path: name, texts, error: error ?? null })}
      {error && !error.path.includes('/') && error.path !== name && <p className={fieldError}>{error.message}</p>}
      {error && error.path.includes('/') && <p className={fieldError} role="alert">{error.message}</p>}
      <Button kind="primary" type="submit" disabled={busy}>{saveLabel}</Button>
    </form>
  );
}
