import { reaction } from 'mobx';
import type { Bus } from './bus.ts';
import type { Api } from './api.ts';
import type { KernelStoreInstance } from './store.ts';
import { pageHidden, socket } from '../contract/api.ts';
import type { RealtimeEvent, SocketMessageDef, SocketPayload } from '../contract/realtime.ts';

declare module '../contract/events.ts' {
  interface AppEvents {
    /**
     * Something the server pushed over the socket, e.g. `{ type: 'chat:message', … }`: one of the
     * events the plugins declare in RealtimeEvents (listeners narrow it by `type`).
     */
    'realtime:event': RealtimeEvent;
    /** The socket is (again) open: after a reconnect, catch up on what was missed. */
    'realtime:open': { reconnect: boolean };
  }
}

export interface Realtime {
  /** Sends a socket message of this definition if connected (typing is worthless later, so nothing is queued). */
  send<D extends SocketMessageDef>(def: D, msg: SocketPayload<D>): boolean;
  readonly connected: boolean;
}

export const SOCKET_PATH = socket.path;
/** Our own server's frames are the events its plugins declared (RealtimeEvents), each with its type. */
const isEvent = (v: unknown): v is RealtimeEvent => typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';

const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000, 30000];
/**
 * The close code of a server instance that stops on purpose (kernel/server/shutdown.ts): the
 * balancer already sends new connections elsewhere, so the page reconnects at once, spread over
 * a moment only so that an instance's thousands of tabs do not all arrive in the same millisecond.
 */
export const SERVICE_RESTART = 1012;
export const RESTART_SPREAD_MS = 250;

type OpenSocket = (url: string) => WebSocket;
const defaultOpen: OpenSocket | null = typeof WebSocket === 'undefined' ? null : (url) => new WebSocket(url);

/**
 * The member's live connection: open while logged in, reconnecting with growing delays (plus
 * jitter, so a restarted server is not hit by every tab at once), or at once when the server says
 * it is restarting (1012); either way, 'realtime:open' with `reconnect` lets the plugins catch up
 * on what they missed meanwhile (the chat reloads its conversations and the open one's messages). It tells the server whether the
 * page is visible, and says "hidden" with a beacon too, for when the socket is already gone.
 */
export function startRealtime(deps: { bus: Bus; api: Api; appState: KernelStoreInstance; open?: OpenSocket | null }): Realtime & { dispose(): void } {
  const open = deps.open === undefined ? defaultOpen : deps.open;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let everOpened = false;
  const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

  const connect = () => {
    clearTimeout(timer);
    if (!open || !deps.appState.loggedIn) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SOCKET_PATH}`;
    const ws = open(url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      if (!visible()) ws.send(JSON.stringify({ type: 'presence', visible: false }));
      deps.bus.emit('realtime:open', { reconnect: everOpened });
      everOpened = true;
    };
    ws.onmessage = (e) => {
      try {
        const event: unknown = JSON.parse(String(e.data));
        if (isEvent(event)) deps.bus.emit('realtime:event', event);
      } catch { /* not ours */ }
    };
    ws.onclose = (e) => {
      if (socket !== ws) return;
      socket = null;
      if (!deps.appState.loggedIn) return;
      if (e?.code === SERVICE_RESTART) {
        // Not this connection's fault: no backoff, and a failure after this starts from the first step.
        attempt = 0;
        timer = setTimeout(connect, Math.random() * RESTART_SPREAD_MS);
        return;
      }
      const base = BACKOFF_MS[Math.min(attempt++, BACKOFF_MS.length - 1)];
      timer = setTimeout(connect, base / 2 + Math.random() * base / 2);
    };
  };
  const disconnect = () => {
    clearTimeout(timer);
    const ws = socket;
    socket = null;
    ws?.close();
    everOpened = false;
  };

  const onVisibility = () => {
    if (!deps.appState.loggedIn) return;
    if (socket?.readyState === 1) socket.send(JSON.stringify({ type: 'presence', visible: visible() }));
    if (!visible()) deps.api.beacon(pageHidden, { body: {} });
    // Back on the page after the connection dropped: try now rather than at the next backoff step.
    else if (!socket) { attempt = 0; connect(); }
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
  const offLogin = reaction(() => deps.appState.loggedIn && deps.appState.userId, (on) => { disconnect(); if (on) connect(); }, { fireImmediately: true });

  return {
    send(def, msg) {
      if (socket?.readyState !== 1) return false;
      socket.send(JSON.stringify({ ...msg, type: def.type }));
      return true;
    },
    get connected() { return socket?.readyState === 1; },
    dispose() {
      offLogin();
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
      disconnect();
    },
  };
}
