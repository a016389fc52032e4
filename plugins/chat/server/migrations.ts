import { sql } from 'kysely';
import type { Migration } from '../../../kernel/server/migrations.ts';

export const chatMigrations: Migration[] = [{
  name: '001_chat',
  async up(db) {
    // One conversation per pair of members, stored with the lower id first.
    await sql`CREATE TABLE chat_conversations (
      id serial PRIMARY KEY,
      user_low integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      user_high integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      started_by integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_low, user_high),
      CHECK (user_low < user_high))`.execute(db);
    await sql`CREATE INDEX chat_conversations_started ON chat_conversations (started_by)`.execute(db);
    // Each member's own view of a conversation: unread count, what they read, what they deleted.
    await sql`CREATE TABLE chat_members (
      conversation_id integer NOT NULL REFERENCES chat_conversations(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      unread integer NOT NULL DEFAULT 0 CHECK (unread >= 0),
      read_up_to bigint NOT NULL DEFAULT 0,
      cleared_up_to bigint NOT NULL DEFAULT 0,
      hidden boolean NOT NULL DEFAULT false,
      notified_at timestamptz,
      reminded_at timestamptz,
      -- The site the conversation was last used on: notices and reminders link there.
      origin text,
      PRIMARY KEY (conversation_id, user_id))`.execute(db);
    await sql`CREATE INDEX chat_members_user ON chat_members (user_id) WHERE NOT hidden`.execute(db);
    await sql`CREATE TABLE chat_messages (
      id bigserial PRIMARY KEY,
      conversation_id integer NOT NULL REFERENCES chat_conversations(id) ON DELETE CASCADE,
      sender_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('text', 'photo', 'gift')),
      body text NOT NULL DEFAULT '',
      gift text,
      photo_key text,
      credits integer NOT NULL DEFAULT 0 CHECK (credits >= 0),
      client_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
    // A retried send carries the same key: stored (and charged) once.
    await sql`CREATE UNIQUE INDEX chat_messages_key ON chat_messages (sender_id, client_key)`.execute(db);
    await sql`CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, id DESC)`.execute(db);
  },
}];
chatMigrations.push({
  name: '002_operator_inbox',
  async up(db) {
    // Conversations of members with fictional profiles (members: profiles.fictional), one row each,
    // kept by the send itself: `waiting_since` is the member's first message since the profile last
    // answered (null: answered). An operator's claim is `claimed_by` until `claim_until`.
    await sql`CREATE TABLE chat_inbox (
      conversation_id integer PRIMARY KEY REFERENCES chat_conversations(id) ON DELETE CASCADE,
      fictional_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      member_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      waiting_since timestamptz,
      last_message_at timestamptz NOT NULL,
      claimed_by integer REFERENCES users(id) ON DELETE SET NULL,
      claim_until timestamptz)`.execute(db);
    await sql`CREATE INDEX chat_inbox_waiting ON chat_inbox (waiting_since, conversation_id) WHERE waiting_since IS NOT NULL`.execute(db);
    // Each answer an operator wrote as a fictional profile: counts and time to answer per operator.
    await sql`CREATE TABLE chat_operator_answers (
      id serial PRIMARY KEY,
      operator_id integer REFERENCES users(id) ON DELETE SET NULL,
      conversation_id integer REFERENCES chat_conversations(id) ON DELETE SET NULL,
      message_id bigint NOT NULL,
      waiting_since timestamptz,
      answered_at timestamptz NOT NULL)`.execute(db);
    await sql`CREATE INDEX chat_operator_answers_at ON chat_operator_answers (answered_at)`.execute(db);
  },
});
