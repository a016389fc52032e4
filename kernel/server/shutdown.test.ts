import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { onStopSignals } from './shutdown.ts';
import { SERVICE_RESTART } from './realtime.ts';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
type Line = Record<string, unknown>;

/** The fixture server (shutdown.fixture.ts) as its own process: its JSON log lines, a wait for one, its exit code. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'kernel/server/shutdown.fixture.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: Line[] = [];
  const waiting = new Set<() => void>();
  let rest = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop()!;
    for (const p of parts) {
      try { lines.push(JSON.parse(p) as Line); } catch { /* not a log line */ }
    }
    for (const w of waiting) w();
  });
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = (pred: (l: Line) => boolean, ms: number) => new Promise<Line>((resolve, reject) => {
    const check = () => {
      const found = lines.find(pred);
      if (!found) return;
      waiting.delete(check);
      clearTimeout(timer);
      resolve(found);
    };
    const timer = setTimeout(() => { waiting.delete(check); reject(new Error(`no such line within ${ms} ms; stderr: ${stderr.slice(-2000)}`)); }, ms);
    waiting.add(check);
    check();
  });
  return { child, lines, waitFor, exited };
}

/** A request whose body comes in two parts: in flight until `finish()` sends the rest. */
function slowRequest(port: number) {
  const req = http.request({
    host: '127.0.0.1', port, method: 'POST', path: '/api/page-hidden.php',
    headers: { 'x-request-type': 'client', 'content-type': 'application/json', 'content-length': 2, connection: 'close' },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => { body += c.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  req.write('{');
  return { answered, finish: () => req.end('}') };
}

/** Resolves once a new connection to the port is refused (the listener is closed). */
async function refused(port: number, ms = 10_000) {
  for (const until = Date.now() + ms; Date.now() < until;) {
    const open = await new Promise<boolean>((resolve) => {
      const c = net.connect(port, '127.0.0.1', () => { c.destroy(); resolve(true); });
      c.on('error', () => resolve(false));
    });
    if (!open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`port ${port} still accepts connections`);
}

/** Opens a socket; resolves 101 once open, else the HTTP status the upgrade got. */
function openSocket(port: number, cookie: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/socket`, { headers: { cookie } });
  const opened = new Promise<number>((resolve) => {
    ws.once('open', () => resolve(101));
    ws.once('unexpected-response', (_req, res) => { resolve(res.statusCode ?? 0); res.resume(); ws.terminate(); });
    ws.once('error', () => resolve(0));
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  return { ws, opened, closed };
}

describe('graceful shutdown of a server process', () => {
  it('on SIGTERM: not ready at once, no new sockets, sockets closed with 1012, the request and the job under way finish, exit 0', async () => {
    const server = startServer({ SHUTDOWN_DRAIN_MS: '1000', SHUTDOWN_TIMEOUT_MS: '30000' });
    try {
      const { port, cookie } = await server.waitFor((l) => l.fixture === 'ready', 110_000) as { port: number; cookie: string };
      const base = `http://127.0.0.1:${port}`;
      const ready = await fetch(`${base}/api/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ ready: true, draining: false, migrations: true, database: true, redis: process.env.REDIS_URL ? true : null });

      const socket = openSocket(port, cookie);
      expect(await socket.opened).toBe(101);
      // A job under way (1.5 s) and a request under way (its body half sent) when the signal comes.
      socket.ws.send(JSON.stringify({ type: 'fixture:slow-job', ms: 1500 }));
      await server.waitFor((l) => l.fixture === 'job started', 10_000);
      const request = slowRequest(port);
      await new Promise((resolve) => setTimeout(resolve, 100));
      server.child.kill('SIGTERM');
      await server.waitFor((l) => l.msg === 'draining: not ready, no new jobs or sockets', 5000);

      // Within the drain: the balancer sees 503, the process still answers as alive, no new socket.
      const draining = await fetch(`${base}/api/ready`);
      expect(draining.status).toBe(503);
      expect(await draining.json()).toMatchObject({ ready: false, draining: true });
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      expect(await openSocket(port, cookie).opened).toBe(503);

      // After the drain: the open socket is closed as "service restart" (the browser reconnects at once).
      expect(await socket.closed).toEqual({ code: SERVICE_RESTART, reason: 'service restart' });
      // The listener closes (new connections are refused); the request under way still gets its answer.
      await refused(port);
      request.finish();
      const answer = await request.answered;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ away: false });

      expect(await server.exited).toBe(0);
      const said = server.lines.map((l) => l.msg);
      expect(said.indexOf('fixture job finished')).toBeGreaterThan(said.indexOf('draining: not ready, no new jobs or sockets'));
      expect(said.indexOf('stopped')).toBeGreaterThan(said.indexOf('fixture job finished'));
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 180_000);
});

describe('stop signals', () => {
  const quiet = { info() {}, warn() {}, error() {} };
  const setup = (stop: () => Promise<void>, timeoutMs = 5000) => {
    const signals = new EventEmitter();
    const exits: number[] = [];
    let stops = 0;
    const off = onStopSignals({ stop: () => { stops++; return stop(); }, timeoutMs, log: quiet, signals, exit: (code) => void exits.push(code) });
    return { signals, exits, stops: () => stops, off };
  };
  const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

  it('stops once and exits 0 when done', async () => {
    let done!: () => void;
    const s = setup(() => new Promise<void>((resolve) => { done = resolve; }));
    s.signals.emit('SIGTERM', 'SIGTERM');
    await tick();
    expect([s.stops(), s.exits]).toEqual([1, []]);
    done();
    await tick();
    expect(s.exits).toEqual([0]);
    s.off();
  });

  it('exits 1 at once on a second signal', async () => {
    const s = setup(() => new Promise<void>(() => {}));
    s.signals.emit('SIGTERM', 'SIGTERM');
    s.signals.emit('SIGINT', 'SIGINT');
    expect([s.stops(), s.exits]).toEqual([1, [1]]);
    s.off();
  });

  it('exits 1 when stopping takes longer than the timeout, or fails', async () => {
    const slow = setup(() => new Promise<void>(() => {}), 50);
    slow.signals.emit('SIGTERM', 'SIGTERM');
    await tick(120);
    expect(slow.exits).toEqual([1]);
    slow.off();
    const failing = setup(() => Promise.reject(new Error('database gone')));
    failing.signals.emit('SIGTERM', 'SIGTERM');
    await tick();
    expect(failing.exits).toEqual([1]);
    failing.off();
  });
});
