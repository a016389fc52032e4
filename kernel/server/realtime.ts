import { sql } from 'kysely';
import { Redis } from 'ioredis';
import type { SiteSettings } from '../contract/settings.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { Logger } from 'pino';
import type { DB } from './db.ts';
import type { Migration } from './migrations.ts';
import type { Clock } from './clock.ts';
import { HttpError } from './errors.ts';
import { Compile } from 'typebox/compile';
import { socket as socketEndpoint } from '../contract/api.ts';
import type { RealtimeEvent, RealtimeEventType, SocketMessageDef, SocketPayload } from '../contract/realtime.ts';
import { closeRedis } from './redis-close.ts';
import { currentRequestId, newRequestId, wellFormedRequestId, withRequestId } from './request-id.ts';

export type { RealtimeEvent } from '../contract/realtime.ts';
/**
 * A message a browser sent over its socket (e.g. typing), already checked against its definition's
 * schema; the sender is the socket's member.
 */
export type SocketMessageHandler<D extends SocketMessageDef = SocketMessageDef> = (userId: number, msg: SocketPayload<D>, site: SiteSettings) => void | Promise<void>;

/**
 * One WebSocket endpoint (`/api/socket`) per instance. Events for a member reach every open socket
 * of theirs: directly in one process, through Redis pub/sub when REDIS_URL is set, so instances
 * behind a load balancer deliver to each other. It also knows whether a member is away.
 */
export interface Realtime {
  /** Sends an event (a type its owner declared in RealtimeEvents) to every open tab of these members. */
  publish<K extends RealtimeEventType>(userIds: number | number[], event: RealtimeEvent<K>): Promise<void>;
  /** Handles a socket message of this definition; frames that do not fit its schema never reach `handler`. */
  onMessage<D extends SocketMessageDef>(def: D, handler: SocketMessageHandler<D>): void;
  /** Away: no visible tab of theirs has been connected recently (or the page said it is hidden). */
  isAway(userId: number, db?: DB): Promise<boolean>;
  /** Marks a member's pages hidden (the beacon of POST /api/page-hidden.php). */
  markHidden(userId: number): Promise<void>;
  /** Open sockets on this instance. */
  readonly localSockets: number;
  register(app: FastifyInstance, resolveUser: (req: FastifyRequest) => number | null): Promise<void>;
  /**
   * Closes every socket of this instance with this code (SERVICE_RESTART as the instance stops:
   * the browser reconnects at once, through the balancer to another instance); those that do not
   * finish the closing handshake within `waitMs` are cut.
   */
  closeAll(code: number, reason: string, waitMs?: number): Promise<void>;
  close(): Promise<void>;
}

export const presenceMigrations: Migration[] = [{
  name: '005_presence',
  async up(db) {
    await sql`CREATE TABLE kernel_presence (
      user_id integer PRIMARY KEY,
      visible boolean NOT NULL,
      seen_at timestamptz NOT NULL)`.execute(db);
  },
}];

export const SOCKET_PATH = socketEndpoint.path;
/** A visible tab refreshes presence this often; twice that without a refresh counts as away. */
const HEARTBEAT_MS = 30_000;
const AWAY_AFTER_MS = 2.5 * HEARTBEAT_MS;
const MAX_MESSAGE_BYTES = 4096;
/** Messages a socket may send per heartbeat (typing is throttled by the page; this stops floods). */
const SOCKET_MESSAGE_BUDGET = 60;

/** Close code of a socket whose message broke a rule or made its handler fail (RFC 6455 7.4.1). */
export const POLICY_VIOLATION = 1008;
/** Close code of every socket of an instance that stops (RFC 6455 registry: "Service Restart"); the browser reconnects at once. */
export const SERVICE_RESTART = 1012;

/** A frame's JSON when it is a plain object (what every socket message is); null for anything else. */
export function parseFrame(text: string): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return value as Record<string, unknown>;
}

/** The host of an Origin header, or null when it is `null` or no http(s) URL. */
export function originHost(origin: string): string | null {
  if (!URL.canParse(origin)) return null;
  const url = new URL(origin);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : null;
}

interface Conn { socket: WebSocket; visible: boolean; alive: boolean; budget: number }

export function createRealtime(opts: { db: DB; clock: Clock; log: Logger; redisUrl?: string; redisPrefix: string; draining?: () => boolean }): Realtime {
  const { db, clock, log } = opts;
  const byUser = new Map<number, Set<Conn>>();
  // A null-prototype table: a frame's `type` of "__proto__" or "constructor" finds nothing.
  const handlerTable: Record<string, { check: ReturnType<typeof Compile>; handler: (userId: number, msg: unknown, site: SiteSettings) => void | Promise<void> }> = Object.create(null);
  const channel = `${opts.redisPrefix}realtime`;
  let pub: Redis | null = null;
  let sub: Redis | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let count = 0;

  // Runs as work of the request that published (its id on this line, on any instance).
  const deliver = (userIds: number[], event: RealtimeEvent) => {
    const text = JSON.stringify(event);
    let sockets = 0;
    for (const id of userIds) {
      for (const c of byUser.get(id) ?? []) if (c.socket.readyState === 1) { c.socket.send(text); sockets++; }
    }
    log.debug({ event: event.type, users: userIds.length, sockets }, 'realtime event delivered');
  };

  const setPresence = async (userId: number, visible: boolean) => {
    await db.insertInto('kernel_presence').values({ user_id: userId, visible, seen_at: clock.now() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ visible, seen_at: clock.now() })).execute()
      .catch((err) => log.warn({ err }, 'presence update failed'));
  };
  const anyVisible = (userId: number) => [...(byUser.get(userId) ?? [])].some((c) => c.visible);

  if (opts.redisUrl) {
    pub = new Redis(opts.redisUrl, { maxRetriesPerRequest: 2 });
    sub = new Redis(opts.redisUrl);
    // ioredis reconnects by itself; an outage is logged, never thrown at the process.
    for (const client of [pub, sub]) client.on('error', (err) => log.warn({ err }, 'realtime redis error'));
    void sub.subscribe(channel).catch((err) => log.error({ err }, 'realtime subscribe failed'));
    sub.on('message', (_ch, raw: string) => {
      try {
        const { u, e, r } = JSON.parse(raw) as { u: number[]; e: RealtimeEvent; r?: unknown };
        withRequestId(wellFormedRequestId(r) ? r : newRequestId(), () => deliver(u, e));
      } catch (err) {
        log.warn({ err }, 'bad realtime message');
      }
    });
  }

  const realtime: Realtime = {
    async publish(userIds, event) {
      const ids = Array.isArray(userIds) ? userIds : [userIds];
      // The publishing request's id travels along: the instance that delivers logs it.
      if (pub) await pub.publish(channel, JSON.stringify({ u: ids, e: event, r: currentRequestId() }));
      else deliver(ids, event);
    },
    onMessage(def, handler) {
      handlerTable[def.type] = { check: Compile(def.schema), handler: (userId, msg, site) => handler(userId, msg as SocketPayload<typeof def>, site) };
    },
    async isAway(userId, on = db) {
      const row = await on.selectFrom('kernel_presence').select(['visible', 'seen_at']).where('user_id', '=', userId).executeTakeFirst();
      return !row || !row.visible || clock.now().getTime() - new Date(row.seen_at).getTime() > AWAY_AFTER_MS;
    },
    markHidden: (userId) => setPresence(userId, false),
    get localSockets() { return count; },

    async register(app, resolveUser) {
      await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
      app.get(SOCKET_PATH, {
        websocket: true,
        // Checked below as well, before the origin, so a visitor always hears authentication_required.
        config: { access: 'member', endpoint: socketEndpoint },
        preValidation: async (req) => {
          // Stopping: the balancer sends the browser's next try to another instance.
          if (opts.draining?.()) throw new HttpError(503, 'draining', 'This server is restarting; try again.');
          if (resolveUser(req) == null) throw new HttpError(403, 'authentication_required', 'authentication_required: log in first');
          // Another site's page may not open a socket with our member's cookie. A sandboxed page
          // sends `Origin: null`; that and anything that is no URL are refused too.
          const origin = req.headers.origin;
          if (origin !== undefined && originHost(origin) !== req.headers.host) throw new HttpError(403, 'forbidden_origin', 'Cross-site socket refused');
        },
      }, (socket, req) => {
        const userId = resolveUser(req)!;
        const conn: Conn = { socket, visible: true, alive: true, budget: SOCKET_MESSAGE_BUDGET };
        let set = byUser.get(userId);
        if (!set) byUser.set(userId, (set = new Set()));
        set.add(conn);
        count++;
        void setPresence(userId, true);
        socket.on('pong', () => { conn.alive = true; });
        // One bad frame or one failing handler costs that socket at most, never the process.
        const fail = (err: unknown, type: unknown) => {
          log.warn({ err, type, userId }, 'socket message failed: closing the socket');
          if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(POLICY_VIOLATION, 'message failed');
        };
        socket.on('message', (raw, isBinary) => {
          let type: unknown;
          try {
            if (--conn.budget < 0) return;
            if (isBinary) return;
            const msg = parseFrame(String(raw));
            if (!msg) return; // not JSON, or JSON but no plain object (null, 1, "x", []): ignored
            type = msg.type;
            if (type === 'presence') {
              conn.visible = msg.visible === true;
              void setPresence(userId, anyVisible(userId));
              return;
            }
            const entry = typeof type === 'string' && Object.hasOwn(handlerTable, type) ? handlerTable[type] : undefined;
            // Unknown types and frames that do not fit their message's schema are ignored.
            if (!entry || !entry.check.Check(msg)) return;
            // A handler that throws synchronously and one whose promise rejects end the same way.
            // Each message is work of its own: its log lines and the events it publishes carry an id.
            withRequestId(newRequestId(), () => new Promise<void>((resolve) => resolve(entry.handler(userId, msg, req.site)))).catch((err) => fail(err, type));
          } catch (err) {
            fail(err, type);
          }
        });
        socket.on('close', () => {
          set!.delete(conn);
          count--;
          if (!set!.size) {
            byUser.delete(userId);
            void setPresence(userId, false);
          } else if (!anyVisible(userId)) void setPresence(userId, false);
        });
      });

      // Dead connections go; members with a visible tab stay "here" for the others.
      heartbeat = setInterval(() => {
        const here: number[] = [];
        for (const [userId, set] of byUser) {
          for (const c of set) {
            if (!c.alive) { c.socket.terminate(); continue; }
            c.alive = false;
            c.budget = SOCKET_MESSAGE_BUDGET;
            c.socket.ping();
          }
          if (anyVisible(userId)) here.push(userId);
        }
        if (here.length) {
          void db.updateTable('kernel_presence').set({ visible: true, seen_at: clock.now() }).where('user_id', 'in', here).execute()
            .catch((err) => log.warn({ err }, 'presence heartbeat failed'));
        }
      }, HEARTBEAT_MS);
      heartbeat.unref();
    },

    async closeAll(code, reason, waitMs = 2000) {
      const open = [...byUser.values()].flatMap((set) => [...set]).map((c) => c.socket);
      const closed = Promise.all(open.map((socket) => new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close(code, reason);
      })));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<void>((resolve) => { timer = setTimeout(resolve, waitMs); });
      await Promise.race([closed, late]);
      clearTimeout(timer);
      for (const socket of open) if (socket.readyState !== socket.CLOSED) socket.terminate();
    },

    async close() {
      if (heartbeat) clearInterval(heartbeat);
      for (const set of byUser.values()) for (const c of set) c.socket.terminate();
      byUser.clear();
      await closeRedis(pub, sub);
    },
  };
  return realtime;
}
