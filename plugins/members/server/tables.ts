import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, TimestampDefault } from '../../../kernel/server/db.ts';
import type { Gender, Sexuality } from '../contract.ts';

// The members plugin's tables (./migrations.ts): only members writes them.

/** text with DEFAULT '' (details a new member tells later). */
type TextDefault = Generated<string>;

export interface ProfilesTable {
  user_id: number;
  name: string;
  gender: Gender;
  sexuality: Sexuality;
  /** date: read as a Date, written as YYYY-MM-DD. */
  birthdate: Timestamp;
  country: string;
  region: string;
  city: TextDefault;
  hair_color: TextDefault;
  eye_color: TextDefault;
  body_type: TextDefault;
  relationship_status: TextDefault;
  tattoos: TextDefault;
  signup_reason: TextDefault;
  interests: ColumnType<string[], string[] | undefined, string[]>;
  about: TextDefault;
  status: Generated<'active' | 'disabled'>;
  invisible: Generated<boolean>;
  seed_key: string | null;
  created_at: TimestampDefault;
  /** Copied from users by triggers (migration 004): never written by the application. */
  last_seen: ColumnType<Date | null, never, never>;
  account_deleted: ColumnType<boolean, never, never>;
  /** An operator-run profile, always marked to members (migration 006). */
  fictional: Generated<boolean>;
  /** The niches whose domains show it (empty: every niche). */
  fictional_niches: ColumnType<number[], number[] | undefined, number[]>;
}
export interface PhotosTable {
  id: Generated<number>;
  user_id: number;
  file_key: string;
  /** 'hidden': hidden by staff (console), shown to its owner only. */
  status: Generated<'approved' | 'pending' | 'hidden'>;
  is_main: Generated<boolean>;
  position: Generated<number>;
  created_at: TimestampDefault;
}
export interface BlocksTable { blocker_id: number; blocked_id: number; created_at: TimestampDefault }
export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number | null;
  reported_id: number;
  reason: string;
  comment: Generated<string>;
  created_at: TimestampDefault;
  // The console's queue (moderation.ts): claimed, decided, closed.
  status: Generated<'open' | 'claimed' | 'closed'>;
  claimed_by: number | null;
  claimed_at: Timestamp | null;
  decision: string | null;
  note: Generated<string>;
  decided_by: number | null;
  closed_at: Timestamp | null;
}
/** The console's review of a member's uploaded photo (moderation.ts); no row: waiting for review. */
export interface PhotoReviewsTable {
  photo_id: number;
  status: Generated<'open' | 'claimed' | 'closed'>;
  claimed_by: number | null;
  claimed_at: Timestamp | null;
  decision: 'approved' | 'hidden' | null;
  note: Generated<string>;
  decided_by: number | null;
  closed_at: Timestamp | null;
}

declare module '../../../kernel/server/db.ts' {
  interface Tables {
    profiles: ProfilesTable;
    photos: PhotosTable;
    blocks: BlocksTable;
    reports: ReportsTable;
    photo_reviews: PhotoReviewsTable;
  }
}
