import crypto from 'node:crypto';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import type { DB } from '../../../kernel/server/db.ts';
import { HttpError, notFound } from '../../../kernel/server/errors.ts';
import { accounts, type AuthService } from '../../auth/server.ts';
import { EXPORT_EVERY_HOURS, EXPORT_VALID_HOURS, type DataExport, type ExportState } from '../contract.ts';
import dataExportPlugin from '../plugin.ts';
import { buildCopy } from './copy.ts';

export const BUILD_JOB = 'data-export:build';
export const EXPIRE_JOB = 'data-export:expire';
declare module '../../../kernel/server/jobs.ts' {
  interface JobPayloads {
    /** Puts the copy together, stores it and mails the link. */
    'data-export:build': { export: number };
    /** Deletes the copy once its day is over. */
    'data-export:expire': { export: number };
  }
}

const HOUR = 3600_000;
/** Builds that failed this often give up: the member may ask again at once. */
export const MAX_BUILD_ATTEMPTS = 3;

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

export type Exports = ReturnType<typeof createExports>;

/** Members' copies of their data: asking, building (a job), downloading, expiring, erasing. */
export function createExports(kernel: Kernel, auth: AuthService) {
  const { db, clock, storage } = kernel;

  const latest = (on: DB, userId: number) => on.selectFrom('data_exports').selectAll()
    .where('user_id', '=', userId).orderBy('requested_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  /** The last copy that counts against the daily limit (one that failed does not). */
  const lastCounted = (on: DB, userId: number) => on.selectFrom('data_exports').select('requested_at')
    .where('user_id', '=', userId).where('status', '!=', 'failed').orderBy('requested_at', 'desc').executeTakeFirst();
  const nextAllowed = (last: { requested_at: Date | string } | undefined) => {
    const next = last ? new Date(new Date(last.requested_at).getTime() + EXPORT_EVERY_HOURS * HOUR) : null;
    return next && next > clock.now() ? next : null;
  };
  /** A ready copy whose day is over counts as expired, whether or not its job ran yet. */
  const view = (row: NonNullable<Awaited<ReturnType<typeof latest>>>): DataExport => ({
    id: row.id,
    status: row.status === 'ready' && row.expires_at && new Date(row.expires_at) <= clock.now() ? 'expired' : row.status,
    requested_at: iso(row.requested_at)!,
    ready_at: iso(row.ready_at),
    expires_at: iso(row.expires_at),
    size: row.size,
  });

  /** Deletes the copy's file and marks it expired. */
  const expireRow = async (row: { id: number; file_key: string | null }) => {
    // The file first: a row still "ready" without its file answers "gone" anyway.
    if (row.file_key) await storage.remove(row.file_key);
    await db.updateTable('data_exports').set({ status: 'expired', file_key: null }).where('id', '=', row.id).execute();
  };

  return {
    async state(userId: number): Promise<ExportState> {
      const [row, counted] = await Promise.all([latest(db, userId), lastCounted(db, userId)]);
      return { export: row ? view(row) : null, next_request_at: iso(nextAllowed(counted)) };
    },

    /** Asks for a copy: one a day per member, checked under the account's lock (two clicks make one). */
    async request(userId: number, fallbackLocale: string, domain: string): Promise<void> {
      const contact = await accounts.contact(db, userId);
      const locale = contact?.language ?? fallbackLocale;
      await db.transaction().execute(async (trx) => {
        await accounts.lock(trx, userId);
        const next = nextAllowed(await lastCounted(trx, userId));
        if (next) {
          throw new HttpError(429, 'export_too_soon', `One copy of your data a day: the next can be asked for from ${next.toISOString()}.`,
            { next_request_at: next.toISOString() });
        }
        const row = await trx.insertInto('data_exports').values({ user_id: userId, domain, locale, requested_at: clock.now() })
          .returning('id').executeTakeFirstOrThrow();
        await kernel.jobs.enqueue(BUILD_JOB, { export: row.id }, { db: trx });
      });
    },

    /** The job: puts the copy together from every plugin's part, stores it, mails the link. */
    async build(id: number): Promise<void> {
      const row = await db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row || row.status !== 'requested') return;
      try {
        const contact = await accounts.contact(db, row.user_id);
        if (!contact) {
          // Deleted meanwhile: nobody to send it to.
          await db.updateTable('data_exports').set({ status: 'failed', error: 'account deleted' }).where('id', '=', id).execute();
          return;
        }
        const site = await kernel.sites.resolve(row.domain);
        const now = clock.now();
        const zip = await buildCopy(kernel, auth.personalData(), { userId: row.user_id, locale: row.locale, site, now });
        // Not guessable, though nothing in storage is public (no signed link is ever made for it).
        const key = `data-exports/${row.user_id}/${id}-${crypto.randomBytes(12).toString('hex')}.zip`;
        await storage.put(key, zip);
        const expires = new Date(now.getTime() + EXPORT_VALID_HOURS * HOUR);
        const t = (k: string, p: Record<string, string | number> = {}) => kernel.mail.texts.t(row.locale, `data-export:mail.${k}`, { name: site.mail_name || site.name, ...p });
        const until = new Intl.DateTimeFormat(row.locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(expires);
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('data_exports').set({ status: 'ready', file_key: key, size: zip.length, ready_at: now, expires_at: expires, error: null })
            .where('id', '=', id).execute();
          await kernel.jobs.enqueue(EXPIRE_JOB, { export: id }, { db: trx, runAt: expires });
          // The link is the site's canonical origin plus the export page (the mailer adds the origin).
          await kernel.mail.queue({
            to: contact.email, locale: row.locale, site, userId: row.user_id,
            subject: t('subject'), heading: t('heading'),
            paragraphs: [t('body'), t('valid', { until: `${until} UTC`, hours: EXPORT_VALID_HOURS })],
            action: { label: t('action'), path: dataExportPlugin.routes['data-export'] },
            note: t('note'),
          }, trx);
        });
      } catch (err) {
        // Tried again by the queue a few times; then the member may ask anew at once.
        const attempts = row.attempts + 1;
        const failed = attempts >= MAX_BUILD_ATTEMPTS;
        await db.updateTable('data_exports').set({ attempts, error: String((err as Error)?.message ?? err).slice(0, 500), ...(failed ? { status: 'failed' as const } : {}) })
          .where('id', '=', id).execute();
        if (!failed) throw err;
        kernel.log.error({ err, export: id }, 'data export failed for good');
      }
    },

    /** The job at the end of a copy's day (and the hourly sweep): the file goes. */
    async expire(id: number): Promise<void> {
      const row = await db.selectFrom('data_exports').select(['id', 'status', 'file_key', 'expires_at']).where('id', '=', id).executeTakeFirst();
      if (row?.status === 'ready' && row.expires_at && new Date(row.expires_at) <= clock.now()) await expireRow(row);
    },

    /** Copies whose day is over but still stored (a job that never ran): deleted now. */
    async sweep(): Promise<void> {
      const rows = await db.selectFrom('data_exports').select(['id', 'file_key']).where('status', '=', 'ready')
        .where('expires_at', '<=', clock.now()).limit(100).execute();
      for (const row of rows) await expireRow(row);
    },

    /**
     * The ZIP of a copy, for its owner only: another member's (or no such) copy is 404, one whose
     * day is over 410 (its file deleted on the spot if the job has not yet).
     */
    async file(userId: number, id: number): Promise<{ zip: Buffer; readyAt: Date }> {
      const row = await db.selectFrom('data_exports').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      if (!row) throw notFound('export_not_found', 'No such copy of your data');
      const gone = () => new HttpError(410, 'export_expired', `This copy of your data expired after ${EXPORT_VALID_HOURS} hours: ask for a new one.`);
      if (row.status === 'expired') throw gone();
      if (row.status !== 'ready' || !row.file_key || !row.ready_at) throw new HttpError(409, 'export_not_ready', 'This copy of your data is not ready yet');
      if (row.expires_at && new Date(row.expires_at) <= clock.now()) {
        await expireRow(row);
        throw gone();
      }
      const zip = await storage.read(row.file_key);
      if (!zip) throw gone();
      return { zip, readyAt: new Date(row.ready_at) };
    },

    /** Auth's erase hook: the member's stored copies go (the rows cascade with the account). */
    async forget(userId: number, trx: DB): Promise<void> {
      const rows = await trx.selectFrom('data_exports').select('file_key').where('user_id', '=', userId).where('file_key', 'is not', null).execute();
      for (const r of rows) await storage.remove(r.file_key!);
    },
  };
}
