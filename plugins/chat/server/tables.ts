import type { Generated } from 'kysely';
import type { Int8, Timestamp, TimestampDefault } from '../../../kernel/server/db.ts';

// The chat plugin's tables (./migrations.ts): only chat writes them.

export interface ChatConversationsTable {
  id: Generated<number>;
  user_low: number;
  user_high: number;
  started_by: number;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}
export interface ChatMembersTable {
  conversation_id: number;
  user_id: number;
  unread: Generated<number>;
  read_up_to: Generated<Int8>;
  cleared_up_to: Generated<Int8>;
  hidden: Generated<boolean>;
  notified_at: Timestamp | null;
  reminded_at: Timestamp | null;
  origin: string | null;
}
export interface ChatMessagesTable {
  id: Generated<Int8>;
  conversation_id: number;
  sender_id: number;
  kind: 'text' | 'photo' | 'gift';
  body: Generated<string>;
  gift: string | null;
  photo_key: string | null;
  credits: Generated<number>;
  client_key: string;
  created_at: TimestampDefault;
}

/** A conversation of a member with a fictional profile (migration 002): the operators' inbox. */
export interface ChatInboxTable {
  conversation_id: number;
  fictional_id: number;
  member_id: number;
  /** The member's first message since the profile last answered; null: answered. */
  waiting_since: Timestamp | null;
  last_message_at: Timestamp;
  claimed_by: number | null;
  claim_until: Timestamp | null;
}
export interface ChatOperatorAnswersTable {
  id: Generated<number>;
  operator_id: number | null;
  conversation_id: number | null;
  message_id: Int8;
  waiting_since: Timestamp | null;
  answered_at: Timestamp;
}

declare module '../../../kernel/server/db.ts' {
  interface Tables {
    chat_conversations: ChatConversationsTable;
    chat_members: ChatMembersTable;
    chat_messages: ChatMessagesTable;
    chat_inbox: ChatInboxTable;
    chat_operator_answers: ChatOperatorAnswersTable;
  }
}
