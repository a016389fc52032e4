import { sql, type RawBuilder } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from './db.ts';
import type { Migration } from './migrations.ts';

/** The channel on which the database names members whose user object changed (NOTIFY, sent at commit). */
export const MEMBER_CHANNEL = 'kernel_member';

/**
 * Committed changes to what makes up a member's user object, from whoever wrote them: this
 * instance, another instance, a job or an operator's SQL. Tables join in with `memberChangeTrigger`
 * in their owner's migration; the database sends the member's id at commit (PGlite delivers it
 * before the writing query returns; PostgreSQL through one LISTEN connection per instance).
 */
export interface Changes {
  /**
   * The owner plugin names a table of its whose trigger (`memberChangeTrigger`) it created: this
   * process's own committed writes to it count at once, before the notification comes back.
   */
  watch(table: MemberTable): void;
  /** `fn(userId)` after each change; `fn(null)` when changes may have been missed (forget everything). */
  onMember(fn: (userId: number | null) => void): void;
  /** False while changes could be missed (listening connection down): do not trust caches then. */
  readonly live: boolean;
  close(): Promise<void>;
}

export const changeMigrations: Migration[] = [{
  name: '006_member_changes',
  async up(db) {
    // Trigger arguments: the column holding the member id, then columns whose changes do not count.
    await sql`CREATE FUNCTION kernel_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        row_now jsonb := CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END;
      BEGIN
        IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - TG_ARGV[1:]) = (row_now - TG_ARGV[1:]) THEN RETURN NULL; END IF;
        PERFORM pg_notify('kernel_member', row_now ->> TG_ARGV[0]);
        RETURN NULL;
      END $$`.execute(db);
  },
}];

/** A table whose rows make up members' user objects: the member id's column, and columns whose changes do not count. */
export interface MemberTable { table: string; idColumn: string; ignore?: string[] }

/** SQL that makes changes to `table` name the member in `idColumn`. */
export function memberChangeTrigger({ table, idColumn, ignore = [] }: MemberTable): RawBuilder<unknown> {
  const args = sql.join([idColumn, ...ignore].map((c) => sql.lit(c)));
  return sql`CREATE TRIGGER ${sql.id(`${table}_member_changed`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
    FOR EACH ROW EXECUTE FUNCTION kernel_member_changed(${args})`;
}

const word = (name: string) => name.replace(/\W/g, '');
/** Tells a statement that writes the table apart from one that sets only a column that does not count. */
function writeMatcher({ table, ignore = [] }: MemberTable) {
  const names = new RegExp(`\\b${word(table)}\\b`, 'i');
  const ignoredOnly = ignore.length
    ? new RegExp(`^\\s*update\\s+"?${word(table)}"?\\s+set\\s+"?(${ignore.map(word).join('|')})"?\\s*=\\s*\\$\\d+\\s+where\\b`, 'i')
    : null;
  return (text: string) => names.test(text) && !ignoredOnly?.test(text);
}

export async function createChanges(database: Database, log: Logger): Promise<Changes> {
  const listeners: ((userId: number | null) => void)[] = [];
  const watched: ((text: string) => boolean)[] = [];
  const emit = (id: number | null) => { for (const fn of listeners) fn(id); };
  let live = false;
  const sub = await database.listen(MEMBER_CHANNEL, {
    message: (payload) => {
      const id = Number(payload);
      if (Number.isInteger(id)) emit(id);
    },
    state: (up) => {
      if (!up) log.warn('member change notifications interrupted; caches off until they are back');
      live = up;
      emit(null);
    },
  });
  // This process's own writes: known at commit, before the notification comes back (PostgreSQL).
  // Which member is not parsed out of the SQL, so every entry goes (ignored columns alone excepted).
  database.onCommittedWrite((text) => {
    if (watched.some((writes) => writes(text))) emit(null);
  });
  return {
    watch: (table) => void watched.push(writeMatcher(table)),
    onMember: (fn) => void listeners.push(fn),
    get live() { return live; },
    close: () => sub.close(),
  };
}
