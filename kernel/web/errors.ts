import type { TFunction } from 'i18next';
import { ApiError } from './api-error.ts';

/**
 * The member-facing text of a failure: the catalogue text for the server's code (first in the
 * plugin's own namespace `ns:errors.<code>`, then the kernel's), with its parameters, else the
 * generic text.
 */
export function errorText(t: TFunction, err: unknown, ns?: string): string {
  if (err instanceof ApiError) {
    const keys = [...(ns ? [`${ns}:errors.${err.code}`] : []), err.key];
    for (const key of keys) {
      const text = t(key, { ...err.params, defaultValue: '' });
      if (text) return text;
    }
  }
  return t('kernel:errors.generic');
}

/** The code of an API failure ('' for anything else). */
export const errorCode = (err: unknown) => (err instanceof ApiError ? err.code : '');
/** The field an API failure is about (the server names it in params.field). */
export const errorField = (err: unknown) => (err instanceof ApiError ? String(err.params.field ?? '') : '');
