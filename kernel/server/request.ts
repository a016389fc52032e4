import type { FastifyRequest } from 'fastify';
import { toLocale, type Locale } from '../contract/locales.ts';

// Links in mails and push messages are never built from a request (Host, X-Forwarded-*): they come
// from the site's configured canonical_url, see siteOrigin/siteLink in settings.ts.

/** The language the visitor reads the site in: their locale cookie, else the domain's language. */
export const requestLocale = (req: FastifyRequest): Locale =>
  toLocale(req.cookies?.i18n_redirected) ?? toLocale(req.site?.domain_language) ?? 'en';
