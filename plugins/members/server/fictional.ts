import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import type { DB } from '../../../kernel/server/db.ts';
import { badRequest, notFound } from '../../../kernel/server/errors.ts';
import {
  MIN_AGE, consoleFictionalCreate, consoleFictionalList, consoleFictionalPhoto, consoleFictionalUpdate,
  type FictionalInput, type FictionalProfile,
} from '../contract.ts';
import { photoFiles } from './images.ts';
import { acceptPhotoBodies } from './photos.ts';
import type { MembersService } from './service.ts';
import { accounts, type AuthService } from '../../auth/server.ts';

// Fictional profiles (issue 22, part 6): profiles the site's team runs, made and edited by
// operators from the console. Each has an account of its own that nobody logs in to (no password,
// an address under the reserved .invalid domain, so no mail ever leaves for it); members always see
// it marked (web/FictionalMark.tsx); operators answer its conversations from the chat plugin's inbox.
// Every change is written to the console's audit log in the transaction of the change.

interface Row {
  id: number; name: string; gender: FictionalProfile['gender']; sexuality: FictionalProfile['sexuality']; birthdate: string; age: number;
  country: string; region: string; city: string; about: string; interests: string[]; hair_color: string; eye_color: string;
  body_type: string; relationship_status: string; tattoos: string; signup_reason: string; fictional_niches: number[];
  status: 'active' | 'disabled'; photo_key: string | null; photos: number; created_at: Date | string;
}

const select = (where: ReturnType<typeof sql>) => sql<Row>`SELECT p.user_id AS id, p.name, p.gender, p.sexuality,
    to_char(p.birthdate, 'YYYY-MM-DD') AS birthdate, date_part('year', age(p.birthdate))::int AS age, p.country, p.region, p.city,
    p.about, p.interests, p.hair_color, p.eye_color, p.body_type, p.relationship_status, p.tattoos, p.signup_reason,
    p.fictional_niches, p.status, ph.file_key AS photo_key,
    (SELECT count(*)::int FROM photos a WHERE a.user_id = p.user_id) AS photos, p.created_at
  FROM profiles p LEFT JOIN photos ph ON ph.user_id = p.user_id AND ph.is_main
  WHERE p.fictional AND NOT p.account_deleted AND ${where}
  ORDER BY p.created_at DESC, p.user_id DESC`;

/** What the audit log keeps of a profile: every field but the (signed, expiring) photo link. */
const auditOf = (p: FictionalProfile) => {
  const { photo: _photo, ...rest } = p;
  return rest;
};

export function createFictional(kernel: Pick<Kernel, 'db' | 'storage' | 'clock'>, auth: AuthService, members: MembersService) {
  const db = kernel.db;
  const view = (r: Row): FictionalProfile => ({
    id: Number(r.id), name: r.name, gender: r.gender, sexuality: r.sexuality, birthdate: r.birthdate, age: Number(r.age),
    country: r.country, region: r.region, city: r.city, about: r.about, interests: r.interests as FictionalProfile['interests'],
    hair_color: r.hair_color as FictionalProfile['hair_color'], eye_color: r.eye_color as FictionalProfile['eye_color'],
    body_type: r.body_type as FictionalProfile['body_type'], relationship_status: r.relationship_status as FictionalProfile['relationship_status'],
    tattoos: r.tattoos as FictionalProfile['tattoos'], signup_reason: r.signup_reason as FictionalProfile['signup_reason'],
    niches: (r.fictional_niches ?? []).map(Number), status: r.status,
    photo: r.photo_key ? kernel.storage.url(photoFiles(r.photo_key).thumb) : null,
    photos: Number(r.photos), created_at: new Date(r.created_at).toISOString(),
  });
  const one = async (id: number, on: DB = db) => {
    const { rows } = await select(sql`p.user_id = ${id}`).execute(on);
    if (!rows[0]) throw notFound('profile_not_found', 'No fictional profile with this id.');
    return view(rows[0]);
  };

  /** A birth date that exists and makes the profile at least MIN_AGE. */
  const checkBirthdate = (d: string) => {
    const date = new Date(`${d}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== d) throw badRequest('invalid_input', 'Invalid birth date', { field: 'birthdate' });
    const now = kernel.clock.now();
    const adult = new Date(Date.UTC(now.getUTCFullYear() - MIN_AGE, now.getUTCMonth(), now.getUTCDate()));
    if (date > adult) throw badRequest('too_young', `A profile must be at least ${MIN_AGE}`, { field: 'birthdate' });
  };
  const columns = (p: Partial<FictionalInput>) => {
    const { niches, interests, ...rest } = p;
    return {
      ...rest,
      ...(niches ? { fictional_niches: [...new Set(niches)].sort((a, b) => a - b) } : {}),
      ...(interests ? { interests: [...new Set(interests)] } : {}),
    };
  };

  return {
    async list(): Promise<FictionalProfile[]> {
      const { rows } = await select(sql`true`).execute(db);
      return rows.map(view);
    },
    get: one,
    /** A new account nobody logs in to and its profile, marked fictional; audited in the same transaction. */
    async create(req: FastifyRequest, input: FictionalInput, audit: Kernel['audit']): Promise<FictionalProfile> {
      checkBirthdate(input.birthdate);
      return db.transaction().execute(async (trx) => {
        const email = `fictional-${crypto.randomBytes(8).toString('hex')}@fictional.invalid`;
        const id = await auth.createAccount({ email, password: null, status: 'active', signup_date: kernel.clock.now() }, trx);
        // Seen now: new profiles are not last in "most recently active first".
        await accounts.setLastSeen(trx, id, kernel.clock.now());
        const { niches: _n, interests: _i, ...fields } = input;
        await trx.insertInto('profiles').values({
          ...fields, ...columns({ niches: input.niches ?? [], interests: input.interests ?? [] }),
          user_id: id, fictional: true, status: input.status ?? 'active', about: input.about ?? '',
        }).execute();
        const after = await one(id, trx);
        await audit.record(trx, req, { action: 'members.fictional.create', target: `member:${id}`, before: null, after: auditOf(after) });
        return after;
      });
    },
    /** Changes the given fields; the values before and after go to the audit log in the same transaction. */
    async update(req: FastifyRequest, id: number, changes: Partial<FictionalInput>, audit: Kernel['audit']): Promise<FictionalProfile> {
      if (changes.birthdate) checkBirthdate(changes.birthdate);
      return db.transaction().execute(async (trx) => {
        // Locks the row: two edits at once are applied (and audited) one after the other.
        const locked = await trx.selectFrom('profiles').select('user_id').where('user_id', '=', id).where('fictional', '=', true).forUpdate().executeTakeFirst();
        if (!locked) throw notFound('profile_not_found', 'No fictional profile with this id.');
        const before = await one(id, trx);
        await trx.updateTable('profiles').set(columns(changes)).where('user_id', '=', id).execute();
        const after = await one(id, trx);
        await audit.record(trx, req, { action: 'members.fictional.update', target: `member:${id}`, before: auditOf(before), after: auditOf(after) });
        return after;
      });
    },
    /** Adds a photo (checked and re-encoded like members' own); audited after it is stored. */
    async addPhoto(req: FastifyRequest, id: number, data: Buffer, audit: Kernel['audit']): Promise<FictionalProfile> {
      await one(id);
      const photoId = await members.addPhoto(id, data);
      return db.transaction().execute(async (trx) => {
        const after = await one(id, trx);
        await audit.record(trx, req, { action: 'members.fictional.photo', target: `member:${id}`, before: null, after: { photo_id: photoId, photos: after.photos } });
        return after;
      });
    },
  };
}

export type Fictional = ReturnType<typeof createFictional>;

/** The console's endpoints for fictional profiles (access 'operator': the kernel checked the console session). */
export async function fictionalRoutes(app: FastifyInstance, kernel: Kernel, fictional: Fictional) {
  kernel.serve(app, consoleFictionalList, async () => ({ profiles: await fictional.list() }));
  kernel.serve(app, consoleFictionalCreate, async (req) => ({ profile: await fictional.create(req, req.body, kernel.audit) }));
  kernel.serve(app, consoleFictionalUpdate, async (req) => ({ profile: await fictional.update(req, req.body.id, req.body.changes, kernel.audit) }));
  // The picture is the body: its own context, so the parser for image bodies stays here.
  await app.register(async (scope) => {
    acceptPhotoBodies(scope);
    kernel.serve(scope, consoleFictionalPhoto, async (req) => {
      if (!Buffer.isBuffer(req.body)) throw badRequest('photo_invalid', 'Send the photo as the request body');
      return { profile: await fictional.addPhoto(req, req.query.id, req.body, kernel.audit) };
    });
  });
}
