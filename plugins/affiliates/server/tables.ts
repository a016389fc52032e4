import type { Generated } from 'kysely';
import type { Int8, Json, Timestamp } from '../../../kernel/server/db.ts';
import type { AffiliateEvent } from '../contract.ts';

// The affiliates plugin's tables (./migrations.ts): only affiliates reads and writes them.

export interface AffiliateSourcesTable {
  id: string;
  domain: string;
  visitor: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  network: string | null;
  ref: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  click_id: string;
  click_id_generated: boolean;
  lander: string | null;
  niche: number | null;
  country: string | null;
  bounce_logging: Generated<boolean>;
  created_at: Timestamp;
}

export interface AffiliateBouncesTable {
  source_id: string;
  time_on_page_ms: number;
  interacted: boolean;
  bounced: boolean;
  created_at: Timestamp;
}

export interface AffiliateAttributionsTable {
  user_id: number;
  source_id: string;
  created_at: Timestamp;
}

export interface AffiliateEventsTable {
  id: Generated<Int8>;
  key: string;
  payout_id: string;
  source_id: string;
  kind: AffiliateEvent;
  user_id: number | null;
  payment_id: number | null;
  /** Minor units of `currency` (purchases only). */
  amount: number | null;
  currency: string | null;
  domain: string;
  created_at: Timestamp;
}

/** `skipped`: the network has no postback (or not for this event) on the source's domain when it was due. */
export type PostbackStatus = 'pending' | 'sending' | 'delivered' | 'failed' | 'skipped';

export interface AffiliatePostbacksTable {
  id: Generated<Int8>;
  event_id: Int8;
  domain: string;
  network: string;
  status: Generated<PostbackStatus>;
  attempts: Generated<number>;
  lease_until: Timestamp | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

/**
 * `sending` while under way (`interrupted` when its runner died), then `delivered` (2xx),
 * `http_error` (any other status; 5xx, 408 and 429 are tried again), `redirect` (3xx, never
 * followed), `timeout` and `error` (tried again), `refused` (our SSRF rules or a bad template:
 * nothing was sent).
 */
export type AttemptOutcome = 'sending' | 'interrupted' | 'delivered' | 'http_error' | 'redirect' | 'timeout' | 'error' | 'refused';

export interface AffiliatePostbackAttemptsTable {
  id: Generated<Int8>;
  postback_id: Int8;
  attempt: number;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  outcome: AttemptOutcome;
  http_status: number | null;
  error: string | null;
}

/**
 * A network's postback made or edited in the console (or imported from the sites' setting at a
 * start: origin 'config'). `domain` '' is every domain; a row for the source's own domain wins.
 */
export interface AffiliateNetworksTable {
  id: Generated<number>;
  name: string;
  domain: string;
  postback_url: string;
  secret: string;
  method: 'GET' | 'POST';
  events: Json<AffiliateEvent[]>;
  active: boolean;
  origin: 'config' | 'console';
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../../kernel/server/db.ts' {
  interface Tables {
    affiliate_networks: AffiliateNetworksTable;
    affiliate_sources: AffiliateSourcesTable;
    affiliate_bounces: AffiliateBouncesTable;
    affiliate_attributions: AffiliateAttributionsTable;
    affiliate_events: AffiliateEventsTable;
    affiliate_postbacks: AffiliatePostbacksTable;
    affiliate_postback_attempts: AffiliatePostbackAttemptsTable;
  }
}
