import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { badRequest, HttpError } from '../../../kernel/server/errors.ts';
import { requestLocale } from '../../../kernel/server/request.ts';
import { isValidEmail, normaliseEmail } from '../../../kernel/contract/validation.ts';
import { COMPLAINT_LIMITS, complaintReference, submitComplaint } from '../contract.ts';

const DAY_MS = 86_400_000;
/** The first key of the per-address advisory locks (the second: the address's hash). */
const ADDRESS_LOCK = 727301;

export function complaintsRoutes(app: FastifyInstance, kernel: Kernel) {
  kernel.serve(app, submitComplaint, {
    // Per IP address (all forms of one visitor) ...
    rateLimit: { max: COMPLAINT_LIMITS.perIpPerHour * kernel.config.rateLimitFactor, timeWindow: '1 hour', keyGenerator: (req) => `complaints:${req.ip}` },
  }, async (req) => {
    const name = req.body.name.trim();
    const email = normaliseEmail(req.body.email);
    const text = req.body.text.trim();
    if (!name) throw badRequest('name_required', 'Enter your name', { field: 'name' });
    if (!isValidEmail(email)) throw badRequest('invalid_email', 'Invalid email', { field: 'email' });
    if ([...text].length < COMPLAINT_LIMITS.textMin) {
      throw badRequest('text_too_short', `At least ${COMPLAINT_LIMITS.textMin} characters`, { field: 'text', min: COMPLAINT_LIMITS.textMin });
    }
    const locale = req.body.language ?? requestLocale(req);
    const site = req.site;
    const now = kernel.clock.now();
    const reference = await kernel.db.transaction().execute(async (trx) => {
      // ... and per e-mail address (so no one's mailbox fills with acknowledgements): counted under
      // a lock on the address, so parallel requests cannot pass it.
      await sql`SELECT pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${email}))`.execute(trx);
      const recent = await trx.selectFrom('complaints').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email', '=', email).where('created_at', '>', new Date(now.getTime() - DAY_MS)).executeTakeFirstOrThrow();
      if (Number(recent.n) >= COMPLAINT_LIMITS.perAddressPerDay) {
        throw new HttpError(429, 'too_many_complaints', 'Too many complaints from this address today', { field: 'email', max: COMPLAINT_LIMITS.perAddressPerDay });
      }
      const { id } = await trx.insertInto('complaints').values({
        user_id: req.userId, domain: site.domain, locale, name, email, topic: req.body.topic, text, created_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      const ref = complaintReference(id, now);
      await trx.updateTable('complaints').set({ reference: ref }).where('id', '=', id).execute();
      // The acknowledgement: our own words only (topic, reference), never the visitor's text or
      // name, so the form cannot be used to send anyone a message of one's choosing.
      const t = (key: string, params: Record<string, string | number> = {}) =>
        kernel.mail.texts.t(locale, `complaints:mail.${key}`, { name: site.mail_name || site.name, reference: ref, ...params });
      await kernel.mail.queue({
        to: email, locale, site,
        subject: t('subject'), heading: t('heading'),
        paragraphs: [t('body', { topic: t(`topics.${req.body.topic}`) }), t('next')],
        note: t('note'),
      }, trx);
      return ref;
    });
    kernel.log.info({ reference, topic: req.body.topic, domain: site.domain }, 'complaint received');
    return { reference, email };
  });
}
