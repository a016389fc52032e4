import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Field, FormError } from '../../../kernel/web/ui/Field.tsx';
import { colors } from '../../../kernel/web/theme.ts';
import { errorCode, errorField, errorText } from '../../../kernel/web/errors.ts';
import { toLocale } from '../../../kernel/contract/locales.ts';
import { authSlice } from '../../auth/ui.ts';
import { COMPLAINT_LIMITS, COMPLAINT_TOPICS, submitComplaint, type ComplaintReceipt, type ComplaintTopic } from '../contract.ts';
import { validateComplaint, type ComplaintForm, type FieldName, type Problem } from './validate.ts';

const Article = styled.article`
  max-width: 820px;
  margin: 0 auto;
  padding: 24px 20px;
  background: #fff;
  border-radius: 12px;
  h1 { color: ${colors.dark}; }
  h2 { font-size: 19px; color: ${colors.dark}; margin-top: 24px; }
  form { margin: 20px 0 8px; }
  fieldset { border: 0; padding: 0; margin: 0 0 14px; }
  legend { padding: 0; font-weight: 600; font-size: 14px; margin-bottom: 6px; }
  .choices { display: flex; flex-wrap: wrap; gap: 8px; }
  .choices label { display: inline-flex; gap: 8px; align-items: center; min-height: 44px; padding: 8px 14px; border-radius: 22px; border: 1px solid #ead9ee; background: ${colors.light}; cursor: pointer; }
  .choices label:has(input:checked) { background: ${colors.dark}; border-color: ${colors.dark}; color: #fff; }
  .choices label:focus-within { outline: 3px solid ${colors.secondary}; outline-offset: 1px; }
  .choices input { accent-color: ${colors.secondary}; }
  textarea {
    display: block; width: 100%; min-height: 180px; padding: 10px 12px; resize: vertical;
    border: 1px solid ${colors.border}; border-radius: 8px; font: inherit; scroll-margin-top: 96px;
  }
  textarea:focus { border-color: ${colors.secondary}; outline: none; box-shadow: 0 0 0 3px rgba(194, 53, 193, 0.2); }
  textarea[aria-invalid='true'] { border-color: ${colors.danger}; }
  .area { margin-bottom: 14px; }
  .area > label { display: block; margin-bottom: 4px; font-weight: 600; font-size: 14px; }
  .hint { color: #596068; font-size: 14px; margin-top: 4px; }
  .error { color: #b02a37; font-size: 14px; margin-top: 4px; }
  .done { margin: 20px 0; padding: 18px 20px; border-radius: 12px; background: #eefaf0; border: 1px solid #9ed9aa; }
  .done h2 { margin-top: 0; }
  .reference { display: inline-block; font-size: 24px; font-weight: 700; letter-spacing: 0.04em; color: ${colors.dark}; }
  .contact { display: flex; flex-wrap: wrap; gap: 10px 24px; font-weight: 600; }
`;

const empty: ComplaintForm = { name: '', email: '', topic: '', text: '' };

/** /complaints: the form (name, e-mail, topic, text), the reference number after sending, and how complaints are handled. */
export default observer(function ComplaintsPage() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const { settings } = kernel;
  const user = authSlice.of(kernel).user;
  const [form, setForm] = useState<ComplaintForm>(empty);
  const [problems, setProblems] = useState<Partial<Record<FieldName, Problem>>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<ComplaintReceipt | null>(null);
  const refs = { name: useRef<HTMLInputElement>(null), email: useRef<HTMLInputElement>(null), topic: useRef<HTMLInputElement>(null), text: useRef<HTMLTextAreaElement>(null) };
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const ids = { topic: useId(), text: useId() };

  // A member's name and address to start from.
  useEffect(() => {
    if (!user) return;
    setForm((f) => ({ ...f, name: f.name || user.profile?.name || '', email: f.email || user.email }));
  }, [user]);
  useEffect(() => { if (receipt) doneHeading.current?.focus(); }, [receipt]);

  const set = <K extends keyof ComplaintForm>(k: K, v: ComplaintForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    if (problems[k]) setProblems((p) => ({ ...p, [k]: undefined }));
  };
  const message = (p: Problem | undefined) => (p ? t(`complaints:errors.${p.code}`, p.params) : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found = validateComplaint(form);
    setProblems(found);
    const first = (Object.keys(found) as FieldName[])[0];
    if (first) {
      refs[first].current?.focus();
      return;
    }
    setBusy(true);
    try {
      const res = await kernel.api.call(submitComplaint, {
        body: { name: form.name, email: form.email.trim(), topic: form.topic as ComplaintTopic, text: form.text, language: toLocale(kernel.appState.locale) ?? undefined },
      }, { retries: 0 });
      setReceipt(res);
      setForm({ ...empty, name: form.name, email: form.email });
    } catch (err) {
      // The server names the field it refuses (params.field): shown there, in the member's language.
      const field = errorField(err) as FieldName;
      if (field in refs && errorCode(err) !== 'invalid_input') {
        setProblems({ [field]: { code: errorCode(err), params: (err as { params: Record<string, string | number> }).params } });
        refs[field].current?.focus();
      } else {
        setFailure(err);
      }
    } finally {
      setBusy(false);
    }
  };

  const params = { name: settings.name, refund_days: settings.refund_days };
  const sections = ['handling', 'contact', 'payments', 'escalation'] as const;
  const textLength = [...form.text].length;

  return (
    <div className="container">
      <Article>
        <h1>{t('complaints:title')}</h1>
        <p>{t('complaints:intro', { name: settings.name })}</p>
        {receipt ? (
          <div className="done">
            <h2 ref={doneHeading} tabIndex={-1}>{t('complaints:done.title')}</h2>
            <p>{t('complaints:done.reference')}: <strong className="reference" data-testid="complaint-reference">{receipt.reference}</strong></p>
            <p>{t('complaints:done.mailed', { email: receipt.email })}</p>
            <p>{t('complaints:done.answer')}</p>
            <Button data-variant="outline" onClick={() => setReceipt(null)}>{t('complaints:done.again')}</Button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate aria-label={t('complaints:form.label')}>
            <Field ref={refs.name} label={t('complaints:form.name')} autoComplete="name" maxLength={COMPLAINT_LIMITS.name}
              value={form.name} onChange={(e) => set('name', e.target.value)} error={message(problems.name)} />
            <Field ref={refs.email} label={t('complaints:form.email')} type="email" autoComplete="email" inputMode="email" maxLength={COMPLAINT_LIMITS.email}
              value={form.email} onChange={(e) => set('email', e.target.value)} hint={t('complaints:form.emailHint')} error={message(problems.email)} />
            <fieldset aria-describedby={problems.topic ? `${ids.topic}-err` : undefined}>
              <legend>{t('complaints:form.topic')}</legend>
              <div className="choices">
                {COMPLAINT_TOPICS.map((topic, i) => (
                  <label key={topic}>
                    <input ref={i === 0 ? refs.topic : undefined} type="radio" name="topic" value={topic} checked={form.topic === topic}
                      aria-invalid={problems.topic ? true : undefined} onChange={() => set('topic', topic)} />
                    {t(`complaints:form.topics.${topic}`)}
                  </label>
                ))}
              </div>
              {problems.topic && <div id={`${ids.topic}-err`} className="error" role="alert">{message(problems.topic)}</div>}
            </fieldset>
            <div className="area">
              <label htmlFor={ids.text}>{t('complaints:form.text')}</label>
              <textarea ref={refs.text} id={ids.text} value={form.text} maxLength={COMPLAINT_LIMITS.text} onChange={(e) => set('text', e.target.value)}
                aria-invalid={problems.text ? true : undefined}
                aria-describedby={[`${ids.text}-hint`, problems.text ? `${ids.text}-err` : ''].filter(Boolean).join(' ')} />
              <div id={`${ids.text}-hint`} className="hint">
                {form.topic ? `${t(`complaints:form.hints.${form.topic}`)} ` : ''}
                {t('complaints:form.count', { count: textLength, max: COMPLAINT_LIMITS.text })}
              </div>
              {problems.text && <div id={`${ids.text}-err`} className="error" role="alert">{message(problems.text)}</div>}
            </div>
            <FormError message={failure ? errorText(t, failure, 'complaints') : null} />
            <Button type="submit" disabled={busy}>{busy ? t('complaints:form.sending') : t('complaints:form.submit')}</Button>
          </form>
        )}
        {sections.map((key) => (
          <section key={key} aria-labelledby={`complaints-${key}`}>
            <h2 id={`complaints-${key}`}>{t(`complaints:sections.${key}.title`)}</h2>
            {t(`complaints:sections.${key}.body`, params).split('\n\n').map((p, i) => <p key={i}>{p}</p>)}
            {key === 'contact' && (
              <p className="contact">
                <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
                {settings.support_phone && <a href={`tel:${settings.support_phone.replace(/[-\s]/g, '')}`}>{settings.support_phone}</a>}
              </p>
            )}
          </section>
        ))}
      </Article>
    </div>
  );
});
