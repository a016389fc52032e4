import { makeAutoObservable, runInAction } from 'mobx';
import type { Api } from '../../../kernel/web/api.ts';
import {
  CHAT_HISTORY_LIMIT, TYPING_SHOW_MS, catchUp, getChat, sendMessage, sendPhoto,
  type ChatMessage, type ChatResponse, type SendResponse,
} from '../contract.ts';

export interface Pending { key: string; kind: 'text' | 'gift' | 'photo'; text: string; gift: string | null; error: unknown }

const newKey = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/**
 * One open conversation: its messages, the ones on their way (each with an idempotency key, so a
 * retry is never stored or charged twice), the partner's typing and read state.
 */
export class ConversationModel {
  data: ChatResponse | null = null;
  messages: ChatMessage[] = [];
  pending: Pending[] = [];
  error: unknown = null;
  loading = true;
  typingUntil = 0;
  /** Answer of the last send: credits left and free messages left. */
  lastSend: SendResponse | null = null;
  /**
   * The newest message id that came from the server's side of the conversation (the load, the
   * socket, a catch-up): a catch-up asks for what came after it. The page's own send answers do not
   * move it: while the socket is down the member may still send (over HTTP), and the partner's
   * messages of that time sit below the member's own newer one.
   */
  synced = 0;

  constructor(private readonly api: Api, private readonly me: number, private readonly target: { id?: number; member?: number }) {
    makeAutoObservable<ConversationModel, 'api' | 'me' | 'target'>(this, { api: false, me: false, target: false });
  }

  get id(): number | null { return this.data?.conversation?.id ?? null; }
  get partnerId(): number | null { return this.data?.profile.id ?? null; }
  get readUpTo(): number { return this.data?.conversation?.read_up_to ?? 0; }
  get freeLeft(): number { return this.lastSend?.free_messages_left ?? this.data?.free_messages_left ?? 0; }

  async load() {
    this.loading = true;
    try {
      const query = this.target.id ? { id: this.target.id } : { member: this.target.member };
      const data = await this.api.call(getChat, { query });
      runInAction(() => {
        this.data = data;
        this.messages = data.messages;
        this.synced = Math.max(0, ...data.messages.map((m) => m.id));
        this.error = null;
      });
    } catch (err) {
      runInAction(() => { this.error = err; });
    } finally {
      runInAction(() => { this.loading = false; });
    }
  }

  /** After a reconnect: what arrived while the socket was down (the page keeps one message per id). */
  async catchUp() {
    if (!this.id) return;
    const res = await this.api.call(catchUp, { query: { conversation: this.id, after: this.synced } });
    runInAction(() => {
      res.messages.forEach((m) => this.add(m));
      this.setRead(res.read_up_to);
    });
  }

  /** A message from the server (socket or catch-up; `ownAnswer`: this page's send answered); each is shown once, in order. */
  add(m: ChatMessage, ownAnswer = false) {
    if (this.data && !this.data.conversation) return; // started elsewhere: the page reloads instead
    if (this.id && m.conversation_id !== this.id) return;
    if (!ownAnswer) this.synced = Math.max(this.synced, m.id);
    if (m.key) this.pending = this.pending.filter((p) => p.key !== m.key);
    if (this.messages.some((x) => x.id === m.id)) return;
    const next = [...this.messages, m].sort((a, b) => a.id - b.id);
    this.messages = next.slice(-CHAT_HISTORY_LIMIT);
    if (m.sender_id !== this.me) this.typingUntil = 0;
  }

  setRead(upTo: number) {
    if (this.data?.conversation && upTo > this.data.conversation.read_up_to) {
      this.data = { ...this.data, conversation: { ...this.data.conversation, read_up_to: upTo } };
    }
  }

  typing(now = Date.now()) { this.typingUntil = now + TYPING_SHOW_MS; }
  stopTyping() { this.typingUntil = 0; }

  /** Sends text or a gift; on failure the message stays with its error (and can be retried). */
  async send(kind: 'text' | 'gift', value: string): Promise<SendResponse | null> {
    const p: Pending = { key: newKey(), kind, text: kind === 'text' ? value : '', gift: kind === 'gift' ? value : null, error: null };
    this.pending.push(p);
    return this.deliver(p);
  }

  async sendPhoto(file: Blob): Promise<SendResponse | null> {
    const p: Pending = { key: newKey(), kind: 'photo', text: '', gift: null, error: null };
    this.pending.push(p);
    return this.deliver(p, file);
  }

  /** Tries a failed message again with the same key: the server stores and charges it once. */
  retry(key: string, file?: Blob) {
    const p = this.pending.find((x) => x.key === key);
    if (!p) return null;
    p.error = null;
    return this.deliver(p, file);
  }

  discard(key: string) { this.pending = this.pending.filter((p) => p.key !== key); }

  private async deliver(p: Pending, file?: Blob): Promise<SendResponse | null> {
    const to = this.partnerId!;
    try {
      const res = p.kind === 'photo'
        ? await this.api.call(sendPhoto, { query: { to, key: p.key } }, { file: file! })
        : await this.api.call(sendMessage, { body: { to, kind: p.kind, key: p.key, ...(p.kind === 'text' ? { text: p.text } : { gift: p.gift ?? undefined }) } });
      const started = !this.data?.conversation;
      runInAction(() => {
        this.lastSend = res;
        if (started) this.pending = this.pending.filter((x) => x.key !== p.key);
        else this.add(res.message, true);
      });
      if (started) await this.reopen(res.conversation_id);
      return res;
    } catch (err) {
      runInAction(() => {
        const cur = this.pending.find((x) => x.key === p.key);
        if (cur) cur.error = err;
      });
      return null;
    }
  }

  /** The first message made the conversation: from now on it is known by its id. */
  private async reopen(id: number) {
    this.target.id = id;
    delete this.target.member;
    await this.load();
  }
}
