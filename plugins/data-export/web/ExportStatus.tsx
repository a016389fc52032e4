import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button, buttonClass } from '../../../kernel/web/ui/Button.tsx';
import { Notice } from '../../../kernel/web/ui/Card.tsx';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { errorCode, errorText } from '../../../kernel/web/errors.ts';
import { ApiError } from '../../../kernel/web/api-error.ts';
import { downloadHref, EXPORT_VALID_HOURS, exportState, requestExport, type ExportState } from '../contract.ts';

/** While a copy is being made, the page asks again this often (a job makes it within seconds). */
export const POLL_MS = 4000;

const formatDate = (lng: string, iso: string) => new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
const formatSize = (lng: string, bytes: number) => {
  const mb = bytes >= 1_000_000;
  return new Intl.NumberFormat(lng, { style: 'unit', unit: mb ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 })
    .format(mb ? bytes / 1_000_000 : Math.max(0.1, bytes / 1000));
};

/**
 * Where the member's copy of their data stands (none, being made, ready with its download link,
 * expired, failed) and the button to ask for one; the settings section and the page both show it.
 */
export function ExportStatus() {
  const kernel = useKernel();
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<ExportState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);
  useEffect(() => () => { alive.current = false; }, []);

  const load = async () => {
    try {
      const next = await kernel.api.call(exportState);
      if (!alive.current) return;
      setState(next);
      // Made meanwhile: the state line says so instead of the thanks.
      if (next.export?.status !== 'requested') setSent(false);
    } catch (err) {
      if (alive.current) setError(errorText(t, err, 'data-export'));
    }
  };
  useEffect(() => { void load(); }, []); // eslint-disable-line react-hooks/exhaustive-deps
  // Being made: look again until it is ready (the mail says so too).
  const requested = state?.export?.status === 'requested';
  useEffect(() => {
    if (!requested) return;
    const timer = setTimeout(() => void load(), POLL_MS);
    return () => clearTimeout(timer);
  }, [requested, state]); // eslint-disable-line react-hooks/exhaustive-deps

  const ask = async () => {
    setBusy(true);
    setError(null);
    try {
      setState(await kernel.api.call(requestExport, { body: {} }, { retries: 0 }));
      setSent(true);
    } catch (err) {
      // Refused as too soon: say when the next copy is possible, in the reader's time and language.
      const next = err instanceof ApiError ? err.params.next_request_at : undefined;
      setError(errorCode(err) === 'export_too_soon' && typeof next === 'string'
        ? t('data-export:errors.export_too_soon', { when: formatDate(i18n.language, next) })
        : errorText(t, err, 'data-export'));
    } finally {
      setBusy(false);
    }
  };

  const lng = i18n.language;
  const copy = state?.export ?? null;
  const waitUntil = state?.next_request_at ?? null;
  return (
    <>
      <p>{t('data-export:section.text', { hours: EXPORT_VALID_HOURS })}</p>
      <div role="status">
        {sent && <Notice>{t('data-export:section.sent')}</Notice>}
        {copy?.status === 'requested' && !sent && <p>{t('data-export:section.requested', { date: formatDate(lng, copy.requested_at) })}</p>}
        {copy?.status === 'ready' && <p>{t('data-export:section.ready', { size: formatSize(lng, copy.size ?? 0), until: formatDate(lng, copy.expires_at!) })}</p>}
        {copy?.status === 'expired' && copy.expires_at && <p>{t('data-export:section.expired', { date: formatDate(lng, copy.expires_at) })}</p>}
        {copy?.status === 'failed' && <p>{t('data-export:section.failed')}</p>}
        {state && waitUntil && copy?.status !== 'requested' && <p>{t('data-export:section.next', { date: formatDate(lng, waitUntil) })}</p>}
      </div>
      <FormError message={error} />
      {copy?.status === 'ready' && (
        <p><a className={buttonClass} href={downloadHref(copy.id)} download>{t('data-export:section.download')}</a></p>
      )}
      {state && !waitUntil && copy?.status !== 'requested' && (
        <Button data-variant={copy?.status === 'ready' ? 'outline' : undefined} disabled={busy} onClick={() => void ask()}>
          {t('data-export:section.request')}
        </Button>
      )}
    </>
  );
}
