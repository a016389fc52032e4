// One member's browser, as far as the cluster is concerned: API calls through HAProxy from the
// member's own address (127.x.y.z: every member is another client to HAProxy and the rate limits),
// retried as the app's API client retries them (kernel/web/api.ts), and the realtime socket with the
// browser's reconnect rules (kernel/web/realtime.ts) and the chat's catch-up after a reconnect
// (plugins/chat/web: the list reloads, each open conversation asks for what came after its newest
// message; messages are kept once per id).
import http from 'node:http';
import WebSocket from 'ws';
import { MAX_RETRIES, RETRY_BASE_MS } from '../../kernel/web/api.ts';
import { RESTART_SPREAD_MS, SERVICE_RESTART } from '../../kernel/web/realtime.ts';
import { socket as socketEndpoint } from '../../kernel/contract/api.ts';
import { catchUp, listChats, type CatchUpResponse, type ChatMessage, type ChatsResponse } from '../../plugins/chat/contract.ts';

/** kernel/web/realtime.ts's reconnect delays after a connection is lost (not exported there). */
const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000, 30000];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Answer<T = unknown> { status: number; body: T; headers: http.IncomingHttpHeaders; error?: string; /** Attempts it took (call). */ tries?: number; /** Times it was sent again on a new connection because its kept-alive one had just been closed. */ resent?: number }

/** Every HTTP attempt of a phase; an attempt that got no answer (status 0) or a 5xx counts as failed. */
export class Traffic {
  phase = 'setup';
  readonly counts = new Map<string, { attempts: number; failed: number; resent: number }>();
  readonly failures: { phase: string; method: string; path: string; status: number; error?: string; at: number }[] = [];

  record(method: string, path: string, status: number, error?: string, resent = 0) {
    const c = this.counts.get(this.phase) ?? { attempts: 0, failed: 0, resent: 0 };
    c.attempts++;
    c.resent += resent;
    if (status === 0 || status >= 500) {
      c.failed++;
      this.failures.push({ phase: this.phase, method, path, status, error, at: Date.now() });
    }
    this.counts.set(this.phase, c);
  }
  of(phase: string) { return this.counts.get(phase) ?? { attempts: 0, failed: 0, resent: 0 }; }
}

/** A socket that was lost and opened again: how long the member was without one. */
export interface Reconnect { member: number; phase: string; closedAt: number; openedAt: number; code: number }

export interface Context {
  /** HAProxy's address and port. */
  host: string;
  port: number;
  traffic: Traffic;
  reconnects: Reconnect[];
}

/** One HTTP request from `localAddress`. Not retried, except as browsers do: a kept-alive connection
 * that the other end closed just as the request went out (it resets before any answer) is replaced
 * by a new one and the request sent again on it. */
export function request<T = unknown>(opts: {
  host: string; port: number; method: string; path: string; headers?: Record<string, string>; body?: string;
  localAddress?: string; agent?: http.Agent; timeoutMs?: number;
}, resends = 0): Promise<Answer<T>> {
  return new Promise((resolve) => {
    let answered = false;
    const req = http.request({
      host: opts.host, port: opts.port, method: opts.method, path: opts.path, agent: opts.agent, localAddress: opts.localAddress,
      headers: { ...(opts.body !== undefined ? { 'content-length': String(Buffer.byteLength(opts.body)) } : {}), ...opts.headers },
    }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try { body = JSON.parse(text); } catch { /* not JSON */ }
        resolve({ status: res.statusCode ?? 0, body: body as T, headers: res.headers, resent: resends });
      });
      res.on('error', (err) => resolve({ status: 0, body: undefined as T, headers: {}, error: err.message, resent: resends }));
    });
    req.setTimeout(opts.timeoutMs ?? 30_000, () => req.destroy(new Error('timed out')));
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (!answered && req.reusedSocket && STALE_SOCKET.has(err.code ?? '') && resends < 2) {
        resolve(request<T>(opts, resends + 1));
        return;
      }
      resolve({ status: 0, body: undefined as T, headers: {}, error: err.message, resent: resends });
    });
    req.end(opts.body);
  });
}

/** How a kept-alive connection closed by the other end while idle shows when reused (Chrome and
 * Firefox send the request again on a new connection then, whatever its method). */
const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE']);

export class Member {
  id = 0;
  /** The browser's cookies for the site (the session `sid`, the console's `console`, …). */
  readonly jar = new Map<string, string>();
  /** Partner messages this member has, by id, how the first copy came, and how many live events brought it (the page keeps one). */
  readonly received = new Map<number, { times: number; how: 'live' | 'catch-up'; at: number }>();
  /** Newest message id per conversation that came by socket or catch-up (the open conversation's `synced`). */
  readonly newest = new Map<number, number>();
  // Idle connections are dropped after 8 s, before HAProxy's `timeout http-keep-alive` (10 s) closes them.
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 6, timeout: 8000 });
  private ws: WebSocket | null = null;
  private stopped = false;
  private attempt = 0;
  private everOpened = false;
  private lostAt: number | null = null;
  private lostCode = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private firstOpen: (() => void) | null = null;
  catchUps = 0;
  /** This member's socket losses and reopenings. */
  readonly outages: Reconnect[] = [];

  constructor(readonly n: number, readonly email: string, readonly password: string, readonly address: string, private readonly ctx: Context) {}

  get cookie() { return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '); }

  private keep(setCookies: string[] | undefined) {
    for (const line of setCookies ?? []) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone = !value || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()));
      if (gone) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  private headers(extra?: Record<string, string>) {
    return { 'x-request-type': 'client', accept: 'application/json', ...(this.cookie ? { cookie: this.cookie } : {}), ...extra };
  }

  /** One attempt through HAProxy, counted in the phase's traffic. */
  async once<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const res = await request<T>({
      host: this.ctx.host, port: this.ctx.port, method, path, agent: this.agent, localAddress: this.address,
      headers: this.headers(body !== undefined ? { 'content-type': 'application/json' } : undefined),
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    this.ctx.traffic.record(method, path.split('?')[0], res.status, res.error, res.resent);
    this.keep(res.headers['set-cookie']);
    return res;
  }

  /** As the app's API client calls: retried on no answer or a 5xx, 250 ms doubling, up to MAX_RETRIES times. */
  async call<T = unknown>(method: string, path: string, body?: unknown, retries = MAX_RETRIES): Promise<Answer<T>> {
    for (let attempt = 0; ; attempt++) {
      const res = await this.once<T>(method, path, body);
      if ((res.status === 0 || res.status >= 500) && attempt < retries) {
        await sleep(RETRY_BASE_MS * 2 ** attempt);
        continue;
      }
      return { ...res, tries: attempt + 1 };
    }
  }

  /** Opens the realtime socket; resolves once it is open the first time. */
  connect(): Promise<void> {
    this.stopped = false;
    return new Promise((resolve) => {
      this.firstOpen = resolve;
      this.open();
    });
  }

  private open() {
    clearTimeout(this.timer);
    if (this.stopped) return;
    const origin = `http://${this.ctx.host}:${this.ctx.port}`;
    const ws = new WebSocket(`ws://${this.ctx.host}:${this.ctx.port}${socketEndpoint.path}`, {
      headers: { cookie: this.cookie, origin }, localAddress: this.address, handshakeTimeout: 10_000,
    });
    this.ws = ws;
    ws.on('open', () => {
      if (this.ws !== ws) return;
      this.attempt = 0;
      const reconnect = this.everOpened;
      this.everOpened = true;
      if (this.lostAt !== null) {
        const r = { member: this.id, phase: this.ctx.traffic.phase, closedAt: this.lostAt, openedAt: Date.now(), code: this.lostCode };
        this.ctx.reconnects.push(r);
        this.outages.push(r);
        this.lostAt = null;
      }
      this.firstOpen?.();
      this.firstOpen = null;
      if (reconnect) void this.catchUp();
    });
    ws.on('message', (raw) => {
      let e: { type?: string; message?: ChatMessage };
      try { e = JSON.parse(String(raw)); } catch { return; }
      if (e.type === 'chat:message' && e.message) this.take(e.message, 'live');
    });
    ws.on('error', () => { /* 'close' follows */ });
    ws.on('close', (code) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      // The first loss counts: failed attempts to reconnect after it do not restart the clock.
      if (this.lostAt === null && this.everOpened) { this.lostAt = Date.now(); this.lostCode = code; }
      if (code === SERVICE_RESTART) {
        this.attempt = 0;
        this.timer = setTimeout(() => this.open(), Math.random() * RESTART_SPREAD_MS);
        return;
      }
      const base = BACKOFF_MS[Math.min(this.attempt++, BACKOFF_MS.length - 1)];
      this.timer = setTimeout(() => this.open(), base / 2 + Math.random() * base / 2);
    });
  }

  get connected() { return this.ws?.readyState === WebSocket.OPEN; }

  /** A message from the server (the send's answer, the socket or a catch-up). */
  take(m: ChatMessage, how: 'live' | 'catch-up' | 'answer') {
    // As the open conversation's `synced`: its own send answers do not move the catch-up's cursor.
    if (how === 'answer') return;
    this.newest.set(m.conversation_id, Math.max(this.newest.get(m.conversation_id) ?? 0, m.id));
    if (m.sender_id === this.id) return;
    const had = this.received.get(m.id);
    // A catch-up brings recent messages the page may have (it asks with an overlap): kept once, not
    // counted; a live event for a message the page has already is counted (a redelivery).
    if (had) { if (how === 'live') had.times++; }
    else this.received.set(m.id, { times: 1, how, at: Date.now() });
  }

  /** What the page does on 'realtime:open' after a reconnect: the list again, then each conversation after its newest message. */
  async catchUp() {
    this.catchUps++;
    const list = await this.call<ChatsResponse>('GET', listChats.path);
    if (list.status !== 200) return;
    for (const c of list.body.chats) {
      const id = c.conversation.id;
      const res = await this.call<CatchUpResponse>('GET', `${catchUp.path}?conversation=${id}&after=${this.newest.get(id) ?? 0}`);
      if (res.status === 200) for (const m of res.body.messages) this.take(m, 'catch-up');
    }
  }

  /** Closes the socket for good and the kept-alive connections. */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.ws?.terminate();
    this.ws = null;
    this.agent.destroy();
  }
}
