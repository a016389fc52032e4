import { sql } from 'kysely';
import type { DB } from './db.ts';
import type { Migration } from './migrations.ts';

/**
 * Keys the server makes itself at first start (link-signing keys, VAPID keys) and keeps in the
 * database, so every instance shares them and none is ever in the repository.
 */
export interface Secrets {
  get(name: string, create: () => string): Promise<string>;
}

export const secretMigrations: Migration[] = [{
  name: '003_secrets',
  async up(db) {
    await sql`CREATE TABLE kernel_secrets (
      name text PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  },
}];

export function dbSecrets(db: DB): Secrets {
  const cache = new Map<string, string>();
  return {
    async get(name, create) {
      const hit = cache.get(name);
      if (hit) return hit;
      // The first instance to insert wins; the others read what it stored.
      await db.insertInto('kernel_secrets').values({ name, value: create() })
        .onConflict((oc) => oc.column('name').doNothing()).execute();
      const row = await db.selectFrom('kernel_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      cache.set(name, row.value);
      return row.value;
    },
  };
}
