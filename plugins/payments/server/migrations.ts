import { sql } from 'kysely';
import type { Migration } from '../../../kernel/server/migrations.ts';

export const paymentsMigrations: Migration[] = [{
  name: '001_payments',
  async up(db) {
    // ON DELETE SET NULL: an erased member's payments stay as anonymous bookkeeping records.
    await sql`CREATE TABLE payments (
      id serial PRIMARY KEY,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      domain text NOT NULL,
      package_id integer NOT NULL,
      credits integer NOT NULL CHECK (credits > 0),
      amount integer NOT NULL CHECK (amount > 0),
      fee integer NOT NULL DEFAULT 0 CHECK (fee >= 0),
      discount integer NOT NULL DEFAULT 0 CHECK (discount >= 0),
      currency text NOT NULL,
      method text NOT NULL,
      country text NOT NULL,
      status text NOT NULL DEFAULT 'open'
        CHECK (status IN ('open', 'pending', 'paid', 'failed', 'canceled', 'expired', 'refunded', 'charged_back')),
      provider text NOT NULL,
      provider_id text,
      created_at timestamptz NOT NULL,
      paid_at timestamptz,
      updated_at timestamptz NOT NULL)`.execute(db);
    await sql`CREATE UNIQUE INDEX payments_provider_id ON payments (provider, provider_id)`.execute(db);
    await sql`CREATE INDEX payments_user ON payments (user_id, id)`.execute(db);
    // The poll job's question: which payments are still waiting for their outcome.
    await sql`CREATE INDEX payments_waiting ON payments (created_at) WHERE status IN ('open', 'pending')`.execute(db);
    await sql`CREATE TABLE payment_events (
      id bigserial PRIMARY KEY,
      payment_id integer NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
      status text NOT NULL,
      source text NOT NULL,
      note text,
      at timestamptz NOT NULL DEFAULT now())`.execute(db);
    await sql`CREATE INDEX payment_events_payment ON payment_events (payment_id, id)`.execute(db);
  },
}];
