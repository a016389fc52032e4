import { sql } from 'kysely';
import type { Migration } from '../../../kernel/server/migrations.ts';

export const bonusesMigrations: Migration[] = [{
  name: '001_discount_codes',
  async up(db) {
    await sql`CREATE TABLE discount_codes (
      id serial PRIMARY KEY,
      code text NOT NULL UNIQUE CHECK (code = upper(code) AND length(code) BETWEEN 3 AND 40),
      country text,
      user_id integer REFERENCES users(id) ON DELETE CASCADE,
      expires_at timestamptz,
      value_bp integer NOT NULL CHECK (value_bp > 0 AND value_bp <= 9000),
      currency text,
      minimum_order_value integer CHECK (minimum_order_value >= 0),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
      validity text NOT NULL DEFAULT 'once_per_user' CHECK (validity IN ('once_per_user', 'reusable')),
      paymentmethods text[],
      created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
    // No foreign key to payments (another plugin's table): the payment id is its claim's key.
    await sql`CREATE TABLE discount_code_uses (
      id serial PRIMARY KEY,
      code text NOT NULL,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      payment_id integer NOT NULL UNIQUE,
      once boolean NOT NULL,
      status text NOT NULL CHECK (status IN ('reserved', 'used', 'released')),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL)`.execute(db);
    // Once per member: two claims at once cannot both hold the code.
    await sql`CREATE UNIQUE INDEX discount_code_uses_once ON discount_code_uses (code, user_id) WHERE once AND status <> 'released'`.execute(db);
    await sql`CREATE TABLE discount_code_choices (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      code text NOT NULL,
      chosen_at timestamptz NOT NULL)`.execute(db);
  },
}, {
  name: '002_first_purchase_once',
  async up(db) {
    // The time bonus and the welcome discount are one first-purchase offer: at most one payment of
    // a member holds either. Uses made before this rule keep their place but stop counting as once.
    await sql`UPDATE discount_code_uses u SET once = false
      WHERE u.once AND u.status <> 'released' AND u.code IN ('TIMEBONUS25', 'WELCOME25')
        AND EXISTS (SELECT 1 FROM discount_code_uses o WHERE o.user_id = u.user_id AND o.once AND o.status <> 'released'
          AND o.code IN ('TIMEBONUS25', 'WELCOME25') AND o.id < u.id)`.execute(db);
    await sql`CREATE UNIQUE INDEX discount_code_uses_first_purchase ON discount_code_uses (user_id)
      WHERE once AND status <> 'released' AND code IN ('TIMEBONUS25', 'WELCOME25')`.execute(db);
  },
}, {
  name: '003_codes_from_the_console',
  async up(db) {
    // Codes made in the operator console name who made them (seeds: null); the console lists and
    // pages codes by age, and a code's uses by the code.
    await sql`ALTER TABLE discount_codes ADD COLUMN created_by integer`.execute(db);
    await sql`CREATE INDEX discount_code_uses_code ON discount_code_uses (code, id)`.execute(db);
  },
}];
