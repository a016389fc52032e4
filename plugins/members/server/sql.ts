import { sql, type RawBuilder } from 'kysely';

// SQL fragments about members' tables that other plugins put into their own statements, where one
// statement for a whole batch matters (a job over many members): the table names stay here.

/** SQL condition: the member whose id is `id` has a profile and is neither a demo (seeded) member nor a fictional profile. */
export const isRealMember = (id: RawBuilder<unknown>) =>
  sql<boolean>`EXISTS (SELECT 1 FROM profiles rm WHERE rm.user_id = ${id} AND rm.seed_key IS NULL AND NOT rm.fictional)`;

/** SQL condition: the member whose id is `id` is a fictional profile (run by operators). */
export const isFictional = (id: RawBuilder<unknown>) =>
  sql<boolean>`EXISTS (SELECT 1 FROM profiles fp WHERE fp.user_id = ${id} AND fp.fictional)`;
