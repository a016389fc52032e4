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
}, {
  name: '002_refunds_directdebit',
  async up(db) {
    // credited: the credits were granted (at "paid", or when a direct debit was accepted);
    // refunded_/reversed_credits: what left the balance again (member's refund; chargeback/failure).
    await sql`ALTER TABLE payments
      ADD COLUMN credited boolean NOT NULL DEFAULT false,
      ADD COLUMN refunded_credits integer NOT NULL DEFAULT 0 CHECK (refunded_credits >= 0),
      ADD COLUMN refunded_amount integer NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0),
      ADD COLUMN reversed_credits integer NOT NULL DEFAULT 0 CHECK (reversed_credits >= 0),
      ADD COLUMN repeat boolean NOT NULL DEFAULT false,
      ADD COLUMN account_hint text`.execute(db);
    await sql`UPDATE payments SET credited = true WHERE status IN ('paid', 'refunded', 'charged_back')`.execute(db);
    // One member refund per payment (unique): a second click or a replay finds the first.
    await sql`CREATE TABLE payment_refunds (
      id serial PRIMARY KEY,
      payment_id integer NOT NULL UNIQUE REFERENCES payments(id) ON DELETE CASCADE,
      credits integer NOT NULL CHECK (credits > 0),
      amount integer NOT NULL CHECK (amount > 0),
      status text NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
      provider_refund_id text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL)`.execute(db);
    // SMS codes confirming a direct debit: only a salted hash is kept; tries and sends are counted
    // per member, number and address.
    await sql`CREATE TABLE directdebit_codes (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      phone text NOT NULL,
      ip text NOT NULL,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz)`.execute(db);
    await sql`CREATE INDEX directdebit_codes_user ON directdebit_codes (user_id, created_at)`.execute(db);
    await sql`CREATE INDEX directdebit_codes_phone ON directdebit_codes (phone, created_at)`.execute(db);
    await sql`CREATE INDEX directdebit_codes_ip ON directdebit_codes (ip, created_at)`.execute(db);
    // The signed mandate, kept with its payment as the proof a debit was authorised (SEPA rules ask
    // creditors to keep it): it stays when the member's account is erased, like the payment.
    await sql`CREATE TABLE directdebit_mandates (
      payment_id integer PRIMARY KEY REFERENCES payments(id) ON DELETE CASCADE,
      reference text NOT NULL UNIQUE,
      holder text NOT NULL,
      iban text NOT NULL,
      street text NOT NULL,
      postcode text NOT NULL,
      city text NOT NULL,
      country text NOT NULL,
      phone text NOT NULL,
      language text NOT NULL,
      ip text NOT NULL,
      user_agent text NOT NULL,
      signed_at timestamptz NOT NULL)`.execute(db);
    // Members who may no longer pay by direct debit (a chargeback, a returned debit).
    await sql`CREATE TABLE directdebit_blocks (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      payment_id integer REFERENCES payments(id) ON DELETE SET NULL,
      reason text NOT NULL,
      at timestamptz NOT NULL)`.execute(db);
  },
}];
