import type { FastifyRequest } from 'fastify';
import { toLocale, type Locale } from '../contract/locales.ts';

/** "https://example.com:3000": where links in mails sent for this request should point. */
export const requestOrigin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** The language the visitor reads the site in: their locale cookie, else the domain's language. */
export const requestLocale = (req: FastifyRequest): Locale =>
  toLocale(req.cookies?.i18n_redirected) ?? toLocale(req.site?.domain_language) ?? 'en';
