import type { ProfileSummary } from '../members/contract.ts';

export type MessageKind = 'text' | 'photo' | 'gift';

export interface ChatMessage {
  id: number;
  conversation_id: number;
  sender_id: number;
  kind: MessageKind;
  text: string;
  /** Gift messages: the catalogue id. */
  gift: string | null;
  /** Photo messages: signed links to the picture (large and thumbnail). */
  photo: { url: string; thumb: string } | null;
  created_at: string;
  /** The idempotency key the sender's page chose (lets the page match its pending copy). */
  key: string | null;
}

export interface Conversation {
  id: number;
  /** The member who wrote first. */
  started_by: number;
  last_message: ChatMessage | null;
  updated_at: string;
  /** Id of the last message the other member has read (for "Read" under mine). */
  read_up_to: number;
}

/** One line of GET /api/chats.php (spec section 3). */
export interface ChatEntry { conversation: Conversation; profile: ProfileSummary; num_unread_messages: number }
export interface ChatsResponse { chats: ChatEntry[] }

/** Why the member cannot write here (yet); null when they can. */
export type ChatBlocker = null | 'partner_unconfirmed' | 'conversation_limit';

/** GET /api/chat.php?id=… or ?member=…: one conversation (or the start of one) with its latest messages. */
export interface ChatResponse {
  conversation: Conversation | null;
  profile: ProfileSummary;
  messages: ChatMessage[];
  /** Older messages exist but are hidden (the history limit). */
  has_hidden: boolean;
  blocker: ChatBlocker;
  /** Free members: free messages left. */
  free_messages_left: number;
}

export interface SendRequest {
  to: number;
  kind: 'text' | 'gift';
  text?: string;
  gift?: string;
  /** Idempotency key: a retried send with the same key is stored and charged once. */
  key: string;
}
export interface SendResponse { message: ChatMessage; conversation_id: number; credits: number; charged: number; free_messages_left: number }

/** Realtime events (kernel socket) the chat sends to a member's tabs. */
export interface MessageEvent { type: 'chat:message'; message: ChatMessage; from: number }
export interface TypingEvent { type: 'chat:typing'; conversation_id: number; from: number }
/** `reader` read the conversation up to `read_up_to` (the partner's tabs show "Read", the reader's other tabs clear the count). */
export interface ReadEvent { type: 'chat:read'; conversation_id: number; read_up_to: number; reader: number }

export interface Gift { id: string; emoji: string; price: number }

/** Gift prices are multiples of the site's `gift_credits`. */
export const GIFTS: { id: string; emoji: string; factor: number }[] = [
  { id: 'rose', emoji: '🌹', factor: 1 },
  { id: 'coffee', emoji: '☕', factor: 1 },
  { id: 'kiss', emoji: '💋', factor: 1 },
  { id: 'chocolates', emoji: '🍫', factor: 2 },
  { id: 'cake', emoji: '🍰', factor: 2 },
  { id: 'teddy', emoji: '🧸', factor: 2 },
  { id: 'bouquet', emoji: '💐', factor: 3 },
  { id: 'champagne', emoji: '🥂', factor: 3 },
  { id: 'star', emoji: '🌟', factor: 4 },
  { id: 'ring', emoji: '💍', factor: 5 },
];
export const giftPrice = (giftCredits: number, factor: number) => Math.max(1, Math.round(giftCredits * factor));

/** Free members: conversations they may start. */
export const FREE_CONVERSATIONS = 2;
/** Free members: text messages they may send without credits. */
export const FREE_MESSAGES = 3;
/** Messages a conversation shows; older ones are hidden for privacy. */
export const CHAT_HISTORY_LIMIT = 200;
/** The typing indicator disappears after this long without a new typing event. */
export const TYPING_SHOW_MS = 4000;
/** The page sends "typing" at most this often. */
export const TYPING_SEND_MS = 2000;
/** Unread messages older than this get a reminder mail (at most once per REMINDER_EVERY_MS). */
export const REMINDER_AFTER_MS = 24 * 3600_000;
export const REMINDER_EVERY_MS = 3 * 24 * 3600_000;

/** One country's lowest price of a message (site setting minimum_message_costs). */
export interface MinimumMessageCost { costs: number; currency: string }
