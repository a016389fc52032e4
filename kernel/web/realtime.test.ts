import { describe, expect, it, vi } from 'vitest';
import { Bus } from './bus.ts';
import { createRootStore } from './store.ts';
import { fakeApi } from './testing.ts';
import Type from 'typebox';
import { socketMessage } from '../contract/realtime.ts';

const typing = socketMessage({ type: 'test:typing', schema: Type.Object({ conversation_id: Type.Integer() }) });
import { RESTART_SPREAD_MS, SERVICE_RESTART, startRealtime } from './realtime.ts';

/** A stand-in for the browser's WebSocket that the test drives. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) { FakeSocket.all.push(this); }
  send(s: string) { this.sent.push(s); }
  close() { this.readyState = 3; this.onclose?.({ code: 1005 }); }
  open() { this.readyState = 1; this.onopen?.(); }
  /** The connection is lost (1006), or the server closes it with a code. */
  drop(code = 1006) { this.readyState = 3; this.onclose?.({ code }); }
}

describe('realtime client', () => {
  it('connects while logged in, passes events to the bus, reconnects with backoff and says when it is back', () => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    const bus = new Bus();
    const api = fakeApi({ 'POST /api/page-hidden.php': () => ({ away: true }) });
    const store = createRootStore([], { api, bus, i18n: {} as never });
    const rt = startRealtime({ bus, api, appState: store.appState, open: (url) => new FakeSocket(url) as unknown as WebSocket });
    expect(FakeSocket.all).toHaveLength(0);

    store.appState.setUserId(7);
    expect(FakeSocket.all).toHaveLength(1);
    expect(FakeSocket.all[0].url).toMatch(/^ws:\/\/.+\/api\/socket$/);
    const events: unknown[] = [];
    const opens: boolean[] = [];
    bus.on('realtime:event', (e) => events.push(e));
    bus.on('realtime:open', ({ reconnect }) => opens.push(reconnect));
    FakeSocket.all[0].open();
    FakeSocket.all[0].onmessage?.({ data: JSON.stringify({ type: 'chat:message', message: { id: 1 } }) });
    FakeSocket.all[0].onmessage?.({ data: 'not json' });
    expect(events).toEqual([{ type: 'chat:message', message: { id: 1 } }]);
    expect(rt.send(typing, { conversation_id: 3 })).toBe(true);
    expect(FakeSocket.all[0].sent).toEqual(['{"conversation_id":3,"type":"test:typing"}']);

    // Dropped: nothing is sent meanwhile; a new socket comes after a delay (0.5–1 s the first time).
    FakeSocket.all[0].drop();
    expect(rt.send(typing, { conversation_id: 3 })).toBe(false);
    vi.advanceTimersByTime(400);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(700);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].drop();
    vi.advanceTimersByTime(900);
    expect(FakeSocket.all).toHaveLength(2); // second attempt waits 1–2 s
    vi.advanceTimersByTime(1200);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.all[2].open();
    expect(opens).toEqual([false, true]);

    // Logging out closes it and it stays closed.
    store.appState.setUserId(null);
    expect(FakeSocket.all[2].readyState).toBe(3);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(3);
    rt.dispose();
    vi.useRealTimers();
  });

  it('reconnects at once when the server restarts (1012), without the backoff, and says it is back so plugins catch up', () => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    const bus = new Bus();
    const api = fakeApi({ 'POST /api/page-hidden.php': () => ({ away: true }) });
    const store = createRootStore([], { api, bus, i18n: {} as never });
    const rt = startRealtime({ bus, api, appState: store.appState, open: (url) => new FakeSocket(url) as unknown as WebSocket });
    const opens: boolean[] = [];
    bus.on('realtime:open', ({ reconnect }) => opens.push(reconnect));
    store.appState.setUserId(7);
    FakeSocket.all[0].open();
    // A lost connection waits at least half of the first backoff step (0.5 s) ...
    FakeSocket.all[0].drop();
    vi.advanceTimersByTime(RESTART_SPREAD_MS);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].open();
    // ... but the instance stopping (1012) means now: a new socket within the spread.
    FakeSocket.all[1].drop(SERVICE_RESTART);
    vi.advanceTimersByTime(RESTART_SPREAD_MS);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.all[2].open();
    // Back after each drop: the plugins catch up (the chat reloads on reconnect).
    expect(opens).toEqual([false, true, true]);
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all).toHaveLength(3);

    // A restart whose reconnect fails: the backoff starts again from its first step (0.5–1 s).
    FakeSocket.all[2].drop(SERVICE_RESTART);
    vi.advanceTimersByTime(RESTART_SPREAD_MS);
    expect(FakeSocket.all).toHaveLength(4);
    FakeSocket.all[3].drop();
    vi.advanceTimersByTime(400);
    expect(FakeSocket.all).toHaveLength(4);
    vi.advanceTimersByTime(700);
    expect(FakeSocket.all).toHaveLength(5);
    rt.dispose();
    vi.useRealTimers();
  });
});
