import { sql } from 'kysely';
import type { Migration } from '../../../kernel/server/migrations.ts';

export const affiliatesMigrations: Migration[] = [{
  name: '001_attribution',
  async up(db) {
    // One traffic source per visitor, domain and (UTC) day: the visit that brought them, with the
    // network's data. `id` is the cookie's `src`. A widget's signup without a recorded visit makes
    // one too (visitor 'signup:<user>').
    await sql`CREATE TABLE affiliate_sources (
      id text PRIMARY KEY,
      domain text NOT NULL,
      visitor text NOT NULL,
      day text NOT NULL,
      network text, ref text, sub1 text, sub2 text, sub3 text,
      click_id text NOT NULL,
      click_id_generated boolean NOT NULL,
      lander text,
      niche integer,
      country text,
      bounce_logging boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      UNIQUE (domain, visitor, day))`.execute(db);
    // How a visit with lb=1 ended (the first report wins).
    await sql`CREATE TABLE affiliate_bounces (
      source_id text PRIMARY KEY REFERENCES affiliate_sources(id),
      time_on_page_ms integer NOT NULL,
      interacted boolean NOT NULL,
      bounced boolean NOT NULL,
      created_at timestamptz NOT NULL)`.execute(db);
    // The member a signup attributed to a source: their later events are that source's.
    await sql`CREATE TABLE affiliate_attributions (
      user_id integer PRIMARY KEY,
      source_id text NOT NULL REFERENCES affiliate_sources(id),
      created_at timestamptz NOT NULL)`.execute(db);
    // What a source earned; `key` makes each happen once (visit:<source>, signup:<user>, …).
    await sql`CREATE TABLE affiliate_events (
      id bigserial PRIMARY KEY,
      key text NOT NULL UNIQUE,
      payout_id text NOT NULL UNIQUE,
      source_id text NOT NULL REFERENCES affiliate_sources(id),
      kind text NOT NULL,
      user_id integer,
      payment_id integer,
      amount integer,
      currency text,
      domain text NOT NULL,
      created_at timestamptz NOT NULL)`.execute(db);
    await sql`CREATE INDEX affiliate_events_source ON affiliate_events (source_id)`.execute(db);
    await sql`CREATE INDEX affiliate_events_user ON affiliate_events (user_id) WHERE user_id IS NOT NULL`.execute(db);
    // One postback per event (to the source's network), its state, and a lease held while sending.
    await sql`CREATE TABLE affiliate_postbacks (
      id bigserial PRIMARY KEY,
      event_id bigint NOT NULL UNIQUE REFERENCES affiliate_events(id),
      domain text NOT NULL,
      network text NOT NULL,
      status text NOT NULL DEFAULT 'pending',
      attempts integer NOT NULL DEFAULT 0,
      lease_until timestamptz,
      created_at timestamptz NOT NULL,
      finished_at timestamptz)`.execute(db);
    await sql`CREATE INDEX affiliate_postbacks_network ON affiliate_postbacks (network, created_at)`.execute(db);
    // Every delivery attempt: when, the outcome, the answer's status.
    await sql`CREATE TABLE affiliate_postback_attempts (
      id bigserial PRIMARY KEY,
      postback_id bigint NOT NULL REFERENCES affiliate_postbacks(id),
      attempt integer NOT NULL,
      started_at timestamptz NOT NULL,
      finished_at timestamptz,
      outcome text NOT NULL,
      http_status integer,
      error text,
      UNIQUE (postback_id, attempt))`.execute(db);
  },
}, {
  name: '002_networks',
  async up(db) {
    // Networks in the database (the console's); the `affiliate_networks` setting stays the fallback.
    await sql`CREATE TABLE affiliate_networks (
      id serial PRIMARY KEY,
      name text NOT NULL,
      domain text NOT NULL DEFAULT '',
      postback_url text NOT NULL,
      secret text NOT NULL,
      method text NOT NULL DEFAULT 'GET',
      events jsonb NOT NULL,
      active boolean NOT NULL DEFAULT true,
      origin text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      UNIQUE (name, domain))`.execute(db);
    // The figures read events by day.
    await sql`CREATE INDEX affiliate_events_created ON affiliate_events (created_at)`.execute(db);
  },
}];
