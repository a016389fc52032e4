// What both halves of the chat share: its endpoints, live events, the typing socket message and limits.
import Type, { type Static } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';
import { socketMessage, type RealtimeEvent } from '../../kernel/contract/realtime.ts';
import { Profile, ProfileSummary } from '../members/contract.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
/** The idempotency key the sender's page chose for a message. */
const Key = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

export const MESSAGE_KINDS = ['text', 'photo', 'gift'] as const;
export const MessageKind = Type.Enum(MESSAGE_KINDS);
export type MessageKind = Static<typeof MessageKind>;

export const ChatMessage = Type.Object({
  id: Type.Integer(),
  conversation_id: Type.Integer(),
  sender_id: Type.Integer(),
  kind: MessageKind,
  text: Type.String(),
  /** Gift messages: the catalogue id. */
  gift: Type.Union([Type.String(), Type.Null()]),
  /** Photo messages: signed links to the picture (large and thumbnail). */
  photo: Type.Union([Type.Object({ url: Type.String(), thumb: Type.String() }), Type.Null()]),
  created_at: Type.String(),
  /** The idempotency key the sender's page chose (lets the page match its pending copy). */
  key: Type.Union([Type.String(), Type.Null()]),
});
export type ChatMessage = Static<typeof ChatMessage>;

export const Conversation = Type.Object({
  id: Type.Integer(),
  /** The member who wrote first. */
  started_by: Type.Integer(),
  last_message: Type.Union([ChatMessage, Type.Null()]),
  updated_at: Type.String(),
  /** Id of the last message the other member has read (for "Read" under mine). */
  read_up_to: Type.Integer(),
});
export type Conversation = Static<typeof Conversation>;

/** One line of GET /api/chats.php (spec section 3). */
export const ChatEntry = Type.Object({ conversation: Conversation, profile: ProfileSummary, num_unread_messages: Type.Integer() });
export type ChatEntry = Static<typeof ChatEntry>;
export const ChatsResponse = Type.Object({ chats: Type.Array(ChatEntry) });
export type ChatsResponse = Static<typeof ChatsResponse>;

/** Why the member cannot write here (yet); null when they can. */
export const ChatBlocker = Type.Union([Type.Literal('partner_unconfirmed'), Type.Literal('conversation_limit'), Type.Null()]);
export type ChatBlocker = Static<typeof ChatBlocker>;

/** GET /api/chat.php?id=… or ?member=…: one conversation (or the start of one) with its latest messages. */
export const ChatResponse = Type.Object({
  conversation: Type.Union([Conversation, Type.Null()]),
  profile: ProfileSummary,
  messages: Type.Array(ChatMessage),
  /** Older messages exist but are hidden (the history limit). */
  has_hidden: Type.Boolean(),
  blocker: ChatBlocker,
  /** Free members: free messages left. */
  free_messages_left: Type.Integer(),
});
export type ChatResponse = Static<typeof ChatResponse>;

export const SendResponse = Type.Object({
  message: ChatMessage,
  conversation_id: Type.Integer(),
  credits: Type.Integer(),
  charged: Type.Integer(),
  free_messages_left: Type.Integer(),
});
export type SendResponse = Static<typeof SendResponse>;

/** GET /api/chats.php: the member's conversations, latest first. */
export const listChats = endpoint({ method: 'GET', path: '/api/chats.php', access: 'member', response: ChatsResponse });

/** GET /api/chat.php?id=… (a conversation) or ?member=… (the conversation with that member, or its start). */
export const getChat = endpoint({
  method: 'GET', path: '/api/chat.php', access: 'member',
  query: Type.Object({ id: Type.Optional(Id), member: Type.Optional(Id) }, { additionalProperties: false }),
  response: ChatResponse,
});

/**
 * GET /api/messages.php: catch-up after a reconnect, what arrived after the newest message the page
 * has, plus the conversation's messages of the last two minutes below it (a delayed delivery can sit
 * below newer messages; the page keeps one per id).
 */
export const catchUp = endpoint({
  method: 'GET', path: '/api/messages.php', access: 'member',
  query: Type.Object({ conversation: Id, after: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
  response: Type.Object({ messages: Type.Array(ChatMessage), read_up_to: Type.Integer() }),
});
export type CatchUpResponse = Static<typeof catchUp.response>;

/** POST /api/messages.php: a text or gift message (a retry with the same key is stored and charged once). */
export const sendMessage = endpoint({
  method: 'POST', path: '/api/messages.php', access: 'member',
  body: Type.Object({
    to: Id,
    kind: Type.Enum(['text', 'gift']),
    text: Type.Optional(Type.String({ maxLength: 20000, multiline: true })),
    gift: Type.Optional(Type.String({ maxLength: 40 })),
    /** Idempotency key: a retried send with the same key is stored and charged once. */
    key: Key,
  }, { additionalProperties: false }),
  response: SendResponse,
});
export type SendRequest = Static<typeof sendMessage.body>;

/** POST /api/chat-photo.php?to=…&key=…: a photo message, the picture itself the body. */
export const sendPhoto = endpoint({
  method: 'POST', path: '/api/chat-photo.php', access: 'member', binaryBody: true,
  query: Type.Object({ to: Id, key: Key }, { additionalProperties: false }),
  response: SendResponse,
});

/** PUT /api/chat.php: opening a conversation, nothing in it is unread anymore. */
export const markRead = endpoint({
  method: 'PUT', path: '/api/chat.php', access: 'member',
  body: Type.Object({ id: Id, read: Type.Literal(true) }, { additionalProperties: false }),
  response: Type.Object({ read_up_to: Type.Integer() }),
});

/** DELETE /api/chat.php: the conversation leaves my list and its history is cleared for me. */
export const deleteChat = endpoint({
  method: 'DELETE', path: '/api/chat.php', access: 'member',
  body: Type.Object({ id: Id }, { additionalProperties: false }),
  response: Type.Object({ deleted: Type.Literal(true) }),
});

/** The tab says its member is typing in a conversation (the partner's open tabs show it). */
export const typing = socketMessage({ type: 'chat:typing', schema: Type.Object({ conversation_id: Type.Integer({ minimum: 1 }) }) });

declare module '../../kernel/contract/realtime.ts' {
  interface RealtimeEvents {
    /** A message in one of the member's conversations (also their own, for their other tabs). */
    'chat:message': { message: ChatMessage; from: number };
    /** The partner is typing in this conversation. */
    'chat:typing': { conversation_id: number; from: number };
    /** `reader` read the conversation up to `read_up_to` (the partner's tabs show "Read", the reader's other tabs clear the count). */
    'chat:read': { conversation_id: number; read_up_to: number; reader: number };
  }
}

/** Realtime events (kernel socket) the chat sends to a member's tabs. */
export type MessageEvent = RealtimeEvent<'chat:message'>;
export type TypingEvent = RealtimeEvent<'chat:typing'>;
export type ReadEvent = RealtimeEvent<'chat:read'>;

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

/** One country's lowest price of a message (site setting minimum_message_costs), in the currency's major unit (0.99). */
export const MinimumMessageCost = Type.Object({
  costs: Type.Number({ minimum: 0, maximum: 1000000, title: 'Price', description: 'The lowest price of one message, in the currency\'s major unit (e.g. 0.99).' }),
  currency: Type.String({ pattern: '^[A-Z]{3}$', title: 'Currency', description: 'ISO 4217 code of the currency the price is in (e.g. EUR).' }),
}, { additionalProperties: false, title: 'Lowest message price', description: 'One country\'s lowest price of a message.' });
export type MinimumMessageCost = Static<typeof MinimumMessageCost>;

// ---------------------------------------------------------------------------------------------
// The operators' inbox (issue 22, part 6): console endpoints (access 'operator', console session).
// Members' messages to fictional profiles wait here, oldest first; an operator claims one (a lock
// of CLAIM_MS), reads the member's profile and the whole conversation, and answers as the profile.

/** How long an operator's claim on a conversation holds (renewed by claiming it again). */
export const CLAIM_MS = 5 * 60_000;
/** Messages the console shows of one conversation (the whole of it, up to this many). */
export const INBOX_HISTORY_LIMIT = 1000;

const InboxPerson = Type.Object({ id: Type.Integer(), name: Type.String(), country: Type.String() });
export const InboxClaim = Type.Object({
  operator_id: Type.Integer(),
  operator_email: Type.String(),
  until: Type.String(),
  /** Seconds the claim has left by the server's clock (a page counts down from it: a device's clock may be off). */
  seconds_left: Type.Integer({ minimum: 0 }),
  /** The asking operator's own claim. */
  mine: Type.Boolean(),
});
export type InboxClaim = Static<typeof InboxClaim>;
export const InboxEntry = Type.Object({
  conversation_id: Type.Integer(),
  member: InboxPerson,
  fictional: InboxPerson,
  waiting_since: Type.String(),
  /** The latest message's text (a photo or gift: empty, see `last_kind`). */
  last_text: Type.String(),
  last_kind: MessageKind,
  claim: Type.Union([InboxClaim, Type.Null()]),
});
export type InboxEntry = Static<typeof InboxEntry>;
export const OperatorStats = Type.Object({
  operator_id: Type.Integer(),
  email: Type.String(),
  answered: Type.Integer(),
  /** Median seconds from the member's first unanswered message to the answer. */
  median_seconds: Type.Union([Type.Number(), Type.Null()]),
});
export type OperatorStats = Static<typeof OperatorStats>;
export const InboxCounts = Type.Object({
  waiting: Type.Integer(),
  answered_today: Type.Integer(),
  operators: Type.Array(OperatorStats),
});
export type InboxCounts = Static<typeof InboxCounts>;

/** GET /api/operator/chat/inbox: conversations waiting for an answer, oldest first, and the counts. */
export const inboxList = endpoint({
  method: 'GET', path: '/api/operator/chat/inbox', access: 'operator',
  response: Type.Object({ waiting: Type.Array(InboxEntry), counts: InboxCounts }),
});
export type InboxListResponse = Static<typeof inboxList.response>;

/** GET /api/operator/chat/stats?days=: the counts; per operator over the last `days` days (1: today, UTC). */
export const inboxStats = endpoint({
  method: 'GET', path: '/api/operator/chat/stats', access: 'operator',
  query: Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })) }, { additionalProperties: false }),
  response: InboxCounts,
});

const ConversationRef = Type.Object({ conversation_id: Id }, { additionalProperties: false });

/**
 * POST /api/operator/chat/claim: takes a waiting conversation for CLAIM_MS (or renews one's own
 * claim). 409 `claimed` while another operator holds it, 409 `not_waiting` once it is answered,
 * 409 `not_answerable` (params.reason `member_unconfirmed` | `member_unreachable`) while the member
 * cannot receive the answer (address not confirmed; switched off, deleted or blocking).
 */
export const inboxClaim = endpoint({
  method: 'POST', path: '/api/operator/chat/claim', access: 'operator',
  body: ConversationRef,
  response: Type.Object({ conversation_id: Type.Integer(), claim: InboxClaim }),
});

/** POST /api/operator/chat/claim-next: claims the oldest waiting conversation nobody holds that can be answered now (null: none). */
export const inboxClaimNext = endpoint({
  method: 'POST', path: '/api/operator/chat/claim-next', access: 'operator',
  body: Type.Object({}, { additionalProperties: false }),
  response: Type.Object({ conversation_id: Type.Union([Type.Integer(), Type.Null()]), claim: Type.Union([InboxClaim, Type.Null()]) }),
});

/** POST /api/operator/chat/release: gives one's claim back (an admin may release anyone's). */
export const inboxRelease = endpoint({
  method: 'POST', path: '/api/operator/chat/release', access: 'operator',
  body: ConversationRef,
  response: Type.Object({ released: Type.Boolean() }),
});

/** GET /api/operator/chat/conversation?id=: the member's profile, the fictional profile and the whole conversation. */
export const inboxConversation = endpoint({
  method: 'GET', path: '/api/operator/chat/conversation', access: 'operator',
  query: Type.Object({ id: Id }, { additionalProperties: false }),
  response: Type.Object({
    conversation_id: Type.Integer(),
    member: Profile,
    fictional: ProfileSummary,
    messages: Type.Array(ChatMessage),
    waiting_since: Type.Union([Type.String(), Type.Null()]),
    claim: Type.Union([InboxClaim, Type.Null()]),
  }),
});
export type InboxConversationResponse = Static<typeof inboxConversation.response>;

/**
 * POST /api/operator/chat/answer: a text message as the fictional profile, through the members'
 * sending path (delivered live, notices as usual); needs the operator's own live claim (409
 * `claim_lost` otherwise). A retry with the same key is stored once.
 */
export const inboxAnswer = endpoint({
  method: 'POST', path: '/api/operator/chat/answer', access: 'operator',
  body: Type.Object({
    conversation_id: Id,
    text: Type.String({ minLength: 1, maxLength: 20000, multiline: true }),
    key: Key,
  }, { additionalProperties: false }),
  response: Type.Object({ message: ChatMessage }),
});
