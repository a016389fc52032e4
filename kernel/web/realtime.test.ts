import { describe, expect, it, vi } from 'vitest';
import { Bus } from './bus.ts';
import { createRootStore } from './store.ts';
import { fakeApi } from './testing.ts';
import Type from 'typebox';
import { socketMessage } from '../contract/realtime.ts';

const typing = socketMessage({ type: 'test:typing', schema: Type.Object({ conversation_id: Type.Integer() }) });
import { startRealtime } from './realtime.ts';

/** A stand-in for the browser's WebSocket that the test drives. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) { FakeSocket.all.push(this); }
  send(s: string) { this.sent.push(s); }
  close() { this.readyState = 3; this.onclose?.(); }
  open() { this.readyState = 1; this.onopen?.(); }
  drop() { this.readyState = 3; this.onclose?.(); }
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
});
