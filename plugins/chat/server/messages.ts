import type { Storage } from '../../../kernel/server/storage.ts';
import type { ChatMessage, MessageKind } from '../contract.ts';

export interface MessageRow {
  id: number | string;
  conversation_id: number;
  sender_id: number;
  kind: string;
  body: string;
  gift: string | null;
  photo_key: string | null;
  client_key: string;
  created_at: Date | string;
}

/** Files of a photo message: the picture and its thumbnail. */
export const chatPhotoFiles = (key: string) => ({ full: `${key}-full.jpg`, thumb: `${key}-thumb.jpg` });

/** A stored message as members receive it; photo links are signed and expire. */
export function messageView(storage: Storage, row: MessageRow, viewerId: number): ChatMessage {
  const files = row.photo_key ? chatPhotoFiles(row.photo_key) : null;
  return {
    id: Number(row.id),
    conversation_id: Number(row.conversation_id),
    sender_id: Number(row.sender_id),
    kind: row.kind as MessageKind,
    text: row.body,
    gift: row.gift,
    photo: files ? { url: storage.url(files.full), thumb: storage.url(files.thumb) } : null,
    created_at: new Date(row.created_at).toISOString(),
    // Only the sender's own page needs its key back.
    key: Number(row.sender_id) === viewerId ? row.client_key : null,
  };
}

export const MESSAGE_COLUMNS = ['id', 'conversation_id', 'sender_id', 'kind', 'body', 'gift', 'photo_key', 'client_key', 'created_at'] as const;
