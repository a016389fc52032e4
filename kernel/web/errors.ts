import type { TFunction } from 'i18next';
import { ApiError } from './api.ts';

/**
 * The member-facing text of a failure: the catalogue text for the server's code when one exists
 * (in the member's language, with its parameters), else the generic text.
 */
export function errorText(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    const text = t(err.key, { ...err.params, defaultValue: '' });
    if (text) return text;
  }
  return t('kernel:errors.generic');
}
