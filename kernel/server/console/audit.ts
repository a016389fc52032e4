import crypto from 'node:crypto';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { DB, Tables } from '../db.ts';
import type { Migration } from '../migrations.ts';
import type { Clock } from '../clock.ts';
import type { Staff } from '../access.ts';
import type { KernelAuditTable } from './tables.ts';

/**
 * The audit log of the console: every change, who made it (account, role, address), when, what and
 * on what, with the values before and after, written in the transaction of the change (a change
 * that fails leaves no row; a row that cannot be written fails the change). Append-only: a trigger
 * refuses UPDATE, DELETE and TRUNCATE for every database role, and each row's hash covers the
 * previous row's, so a row changed or removed behind the database's back breaks the chain
 * (`npm run audit:verify`).
 */
export interface AuditEntry {
  /** "<plugin>.<verb>", e.g. "payments.refund", "sites.update". */
  action: string;
  /** What it was done to: "payment:123", "site:nl.example.com", "member:42". */
  target: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditRow {
  id: number; at: string; actor_id: number | null; actor_email: string; actor_role: string; ip: string | null;
  action: string; target: string; before: unknown; after: unknown; prev_hash: string; hash: string;
}

export interface AuditFilter {
  actor?: string; action?: string; target?: string; from?: string; to?: string; before_id?: number; limit?: number;
}

export interface Audit {
  /** Writes the entry in `trx`, the transaction of the change, as the request's staff member. */
  record(trx: Transaction<Tables> | DB, req: FastifyRequest, entry: AuditEntry): Promise<void>;
  /** The same for a change made outside a request (the operator command): the actor named. */
  recordAs(trx: Transaction<Tables> | DB, actor: { userId: number | null; email: string; role: string; ip: string | null }, entry: AuditEntry): Promise<void>;
  /** Newest first, filtered. */
  list(filter: AuditFilter): Promise<AuditRow[]>;
  /** Walks the whole chain: the first row whose hash does not hold, or ok with the row count. */
  verify(): Promise<{ ok: true; rows: number } | { ok: false; rows: number; broken_at: number; why: string }>;
}

export const auditMigrations: Migration[] = [{
  name: '011_audit',
  async up(db) {
    await sql`CREATE TABLE kernel_audit (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL,
      actor_id integer,
      actor_email text NOT NULL,
      actor_role text NOT NULL,
      ip text,
      action text NOT NULL,
      target text NOT NULL,
      before jsonb,
      after jsonb,
      prev_hash text NOT NULL,
      hash text NOT NULL UNIQUE)`.execute(db);
    await sql`CREATE INDEX kernel_audit_action ON kernel_audit (action, id)`.execute(db);
    await sql`CREATE INDEX kernel_audit_target ON kernel_audit (target, id)`.execute(db);
    await sql`CREATE FUNCTION kernel_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'kernel_audit is append-only'; END $$`.execute(db);
    await sql`CREATE TRIGGER kernel_audit_no_update BEFORE UPDATE OR DELETE ON kernel_audit
      FOR EACH ROW EXECUTE FUNCTION kernel_audit_append_only()`.execute(db);
    await sql`CREATE TRIGGER kernel_audit_no_truncate BEFORE TRUNCATE ON kernel_audit
      FOR EACH STATEMENT EXECUTE FUNCTION kernel_audit_append_only()`.execute(db);
  },
}];

/** JSON with object keys sorted at every depth: the same value always hashes the same (jsonb reorders keys). */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const o = value as Record<string, unknown>;
  return `{${Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
}

type Hashed = Omit<AuditRow, 'hash' | 'prev_hash'>;
export const GENESIS = '0'.repeat(64);
export const rowHash = (prev: string, r: Hashed) => crypto.createHash('sha256').update(`${prev}\n${canonicalJson({
  id: Number(r.id), at: r.at, actor_id: r.actor_id, actor_email: r.actor_email, actor_role: r.actor_role, ip: r.ip,
  action: r.action, target: r.target, before: r.before ?? null, after: r.after ?? null,
})}`).digest('hex');

// One writer at a time extends the chain (held until the change's transaction ends).
const CHAIN_LOCK = 7_262_001;
/** Values go through JSON once: what is hashed is exactly what jsonb keeps (dates as strings, no undefined). */
const plain = (v: unknown) => (v === undefined ? null : JSON.parse(JSON.stringify(v)) as unknown);

export function createAudit(db: DB, clock: Clock): Audit {
  const recordAs: Audit['recordAs'] = async (trx, actor, entry) => {
    if (!/^[a-z0-9-]+\.[a-z0-9_.-]+$/.test(entry.action)) throw new Error(`audit action ${entry.action}: "<plugin>.<verb>"`);
    await sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(trx);
    const last = await trx.selectFrom('kernel_audit').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
    const prev = last?.hash ?? GENESIS;
    const id = Number((await sql<{ id: string }>`SELECT nextval(pg_get_serial_sequence('kernel_audit', 'id')) AS id`.execute(trx)).rows[0].id);
    const row: Hashed = {
      id, at: clock.now().toISOString(), actor_id: actor.userId, actor_email: actor.email, actor_role: actor.role, ip: actor.ip,
      action: entry.action, target: entry.target.slice(0, 300), before: plain(entry.before), after: plain(entry.after),
    };
    await trx.insertInto('kernel_audit').values({
      ...row, before: JSON.stringify(row.before), after: JSON.stringify(row.after), prev_hash: prev, hash: rowHash(prev, row),
    }).execute();
  };
  type Stored = Selectable<KernelAuditTable>;
  const read = (r: Stored): AuditRow => ({ ...r, id: Number(r.id), at: new Date(r.at).toISOString() });
  return {
    recordAs,
    async record(trx, req, entry) {
      const staff: Staff | null = req.staff;
      if (!staff) throw new Error('audit: no console session on this request');
      await recordAs(trx, { userId: staff.userId, email: staff.email, role: staff.role, ip: req.ip ?? null }, entry);
    },
    async list(f) {
      let q = db.selectFrom('kernel_audit').selectAll().orderBy('id', 'desc').limit(Math.min(f.limit ?? 100, 1000));
      if (f.actor) q = q.where('actor_email', 'ilike', `%${f.actor.replace(/[%_\\]/g, '\\$&')}%`);
      if (f.action) q = q.where('action', 'like', `${f.action.replace(/[%_\\]/g, '\\$&')}%`);
      if (f.target) q = q.where('target', 'like', `${f.target.replace(/[%_\\]/g, '\\$&')}%`);
      if (f.from) q = q.where('at', '>=', new Date(f.from));
      if (f.to) q = q.where('at', '<', new Date(f.to));
      if (f.before_id) q = q.where('id', '<', f.before_id);
      return (await q.execute()).map((r) => read(r));
    },
    async verify() {
      let prev = GENESIS;
      let rows = 0;
      let after = 0;
      for (;;) {
        const batch = await db.selectFrom('kernel_audit').selectAll().where('id', '>', after).orderBy('id').limit(1000).execute();
        if (!batch.length) return { ok: true, rows };
        for (const raw of batch) {
          const r = read(raw);
          if (r.prev_hash !== prev) return { ok: false, rows, broken_at: r.id, why: 'its prev_hash is not the hash of the row before it (a row was removed or inserted)' };
          if (rowHash(prev, r) !== r.hash) return { ok: false, rows, broken_at: r.id, why: 'its contents do not match its hash (the row was changed)' };
          prev = r.hash;
          rows++;
          after = r.id;
        }
      }
    },
  };
}
