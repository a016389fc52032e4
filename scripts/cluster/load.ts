// The chat load: members in a ring (each writes with the member before and after it), messages sent
// through HAProxy with the page's idempotency keys, and the book of what the server acknowledged,
// to be matched against what each recipient ended up with.
import { sendMessage, listChats, type SendResponse } from '../../plugins/chat/contract.ts';
import { currentUser } from '../../plugins/auth/contract.ts';
import { siteSettings } from '../../kernel/contract/api.ts';
import { offer } from '../../plugins/payments/contract.ts';
import type { Member } from './member.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Sent {
  key: string; from: Member; to: Member; phase: string; at: number;
  ackAt?: number; id?: number;
  /** HTTP attempts the send took (more than one: the client retried after no answer or a 5xx). */
  tries?: number;
  /** The send was answered with something else than 200 after the client's retries. */
  refused?: string;
}

export class Book {
  readonly sent: Sent[] = [];
  private seq = 0;
  constructor(private readonly tag: string) {}

  acked(phase?: string) { return this.sent.filter((s) => s.id !== undefined && (!phase || s.phase === phase)); }
  ofPhase(phase: string) { return this.sent.filter((s) => s.phase === phase); }

  /** One message as the page sends it (its own key; retried by the API client with the same key). */
  async send(from: Member, to: Member, phase: string): Promise<Sent> {
    const n = this.seq++;
    const s: Sent = { key: `cl${this.tag}${n.toString(36).padStart(6, '0')}`, from, to, phase, at: Date.now() };
    this.sent.push(s);
    const res = await from.call<SendResponse>('POST', sendMessage.path, { to: to.id, kind: 'text', text: `cluster message ${n}`, key: s.key });
    s.tries = res.tries;
    if (res.status === 200) {
      s.ackAt = Date.now();
      s.id = res.body.message.id;
      from.take(res.body.message, 'answer');
    } else {
      s.refused = `${res.status} ${res.error ?? JSON.stringify(res.body).slice(0, 200)}`;
    }
    return s;
  }
}

/** A ring neighbour of member i, either side. */
const partnerOf = (members: Member[], i: number) => members[(i + (Math.random() < 0.5 ? 1 : members.length - 1)) % members.length];

/** `total` messages, `concurrency` in flight; `onAck(n)` after each acknowledged one. */
export async function messageLoad(book: Book, members: Member[], opts: { total: number; concurrency: number; phase: string; onAck?: (acked: number) => void }) {
  let next = 0;
  let acked = 0;
  await Promise.all(Array.from({ length: opts.concurrency }, async () => {
    while (next < opts.total) {
      next++;
      const i = Math.floor(Math.random() * members.length);
      const s = await book.send(members[i], partnerOf(members, i), opts.phase);
      if (s.id !== undefined) opts.onAck?.(++acked);
    }
  }));
}

/**
 * A steady stream while instances restart: `senders` members sending one message every `sendEveryMs`,
 * and `readers` loops of the pages' GET requests (user, settings, chats, credits offer), each a single
 * attempt so that every failure shows.
 */
export function steadyStream(book: Book, members: Member[], opts: { phase: string; senders: number; sendEveryMs: number; readers: number; readEveryMs: number }) {
  let stopped = false;
  const reads = [currentUser.path, siteSettings.path, listChats.path, offer.path];
  let readCount = 0;
  const unexpected: string[] = [];
  const loops = [
    ...Array.from({ length: opts.senders }, async () => {
      while (!stopped) {
        const i = Math.floor(Math.random() * members.length);
        await book.send(members[i], partnerOf(members, i), opts.phase);
        await sleep(opts.sendEveryMs);
      }
    }),
    ...Array.from({ length: opts.readers }, async () => {
      while (!stopped) {
        const m = members[Math.floor(Math.random() * members.length)];
        const path = reads[readCount++ % reads.length];
        const res = await m.once('GET', path);
        if (res.status !== 200 && res.status !== 0 && res.status < 500) unexpected.push(`${path}: ${res.status}`);
        await sleep(opts.readEveryMs);
      }
    }),
  ];
  return {
    get reads() { return readCount; },
    unexpected,
    async stop() { stopped = true; await Promise.all(loops); },
  };
}

export interface Delivery {
  acked: number;
  /** Acknowledged but not with the recipient (neither live nor by catch-up). */
  lost: Sent[];
  /** Came to the recipient more than once (the page keeps one per id). */
  twice: number;
  live: number;
  caughtUp: number;
  /** Sends the client gave up on (after its retries), or the server refused. */
  refused: Sent[];
}

export function delivery(book: Book, phase: string): Delivery {
  const acked = book.acked(phase);
  const out: Delivery = { acked: acked.length, lost: [], twice: 0, live: 0, caughtUp: 0, refused: book.ofPhase(phase).filter((s) => s.refused) };
  for (const s of acked) {
    const r = s.to.received.get(s.id!);
    if (!r) out.lost.push(s);
    else {
      if (r.times > 1) out.twice++;
      if (r.how === 'live') out.live++;
      else out.caughtUp++;
    }
  }
  return out;
}

/** Waits (up to `ms`) until every acknowledged message of the phase is with its recipient. */
export async function settle(book: Book, phase: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until && delivery(book, phase).lost.length > 0) await sleep(200);
}
