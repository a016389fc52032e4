// Small helpers of the members section.
import { ApiError } from '../../../../kernel/web/api-error.ts';

export const dateTime = (iso: string | null | undefined, lng: string) =>
  (iso ? new Intl.DateTimeFormat(lng, { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) : '—');

/** The server's message for a failed call, else the error's text. */
export const failure = (e: unknown) => (e instanceof ApiError ? e.message : e instanceof Error ? e.message : String(e));
