import type { Generated } from 'kysely';
import type { Locale } from '../../../kernel/contract/locales.ts';
import type { JsonDefault, Timestamp, TimestampDefault } from '../../../kernel/server/db.ts';

// The auth plugin's tables (./migrations.ts): only auth writes them. (credit_ledger and the
// credits/paid_user columns belong to the credits plugin, plugins/credits/server/tables.ts.)

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  status: Generated<'active' | 'not_confirmed'>;
  signup_date: TimestampDefault;
  language: Locale | null;
  notifications_disabled: JsonDefault<string[]>;
  last_seen: Timestamp | null;
  deleted_at: Timestamp | null;
  /** Disabled by an operator (console): no login while set. */
  disabled_at: Timestamp | null;
  /** 'operator' may use operator routes (kernel/server/access.ts); set only by `npm run operator`. */
  role: Generated<'member' | 'operator' | 'admin'>;
  created_at: TimestampDefault;
}
export interface AuthLoginFailuresTable { id: Generated<number>; email: string; ip: string; at: TimestampDefault }
export interface AuthKnownAddressesTable { user_id: number; ip: string; last_login: Timestamp }

declare module '../../../kernel/server/db.ts' {
  interface Tables {
    users: UsersTable;
    auth_login_failures: AuthLoginFailuresTable;
    auth_known_addresses: AuthKnownAddressesTable;
  }
}
