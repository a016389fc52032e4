// Small helpers of the members section.
import { ApiError } from '../../../../kernel/web/api-error.ts';
import { consoleTime } from '../../../../kernel/web/console/time.ts';

/** A moment of a member's account (UTC, named), a dash for none. */
export const dateTime = (iso: string | null | undefined, lng: string) => consoleTime(iso, lng) || '—';

/** The server's message for a failed call, else the error's text. */
export const failure = (e: unknown) => (e instanceof ApiError ? e.message : e instanceof Error ? e.message : String(e));
