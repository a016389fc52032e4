import type { Generated } from 'kysely';

/** The example plugin's table, declared for Kysely (merged into the kernel's Tables). */
export interface HelloGreetingsTable {
  id: Generated<number>;
  user_id: number;
  domain: string;
  note: string | null;
  created_at: Date;
}

declare module '../../../kernel/server/db.ts' {
  interface Tables { hello_greetings: HelloGreetingsTable }
}
