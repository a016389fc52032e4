// The load side of scripts/capacity.ts, in its own process so that the server's CPU time is the
// server's alone. Reads one JSON command per line on stdin, answers one JSON line on stdout:
//   { kind: 'http', port, requests: [{ method, path, headers, body? }], total, concurrency }
//     → { ms, statuses }   (`total` requests drawn in turn from `requests`, kept-alive connections)
//   { kind: 'sockets', port, cookies } → { opened }   (one WebSocket per cookie, kept open)
//   { kind: 'close' } → { closed }
import http from 'node:http';
import readline from 'node:readline';
import WebSocket from 'ws';

interface Req { method: string; path: string; headers: Record<string, string>; body?: string }
type Command =
  | { kind: 'http'; port: number; requests: Req[]; total: number; concurrency: number }
  | { kind: 'sockets'; port: number; cookies: string[] }
  | { kind: 'close' };

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const sockets: WebSocket[] = [];

function one(port: number, r: Req): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method: r.method, path: r.path, agent, headers: { ...r.headers, ...(r.body ? { 'content-length': String(Buffer.byteLength(r.body)) } : {}) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end(r.body);
  });
}

async function run(c: Command) {
  if (c.kind === 'http') {
    const statuses: Record<string, number> = {};
    let next = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: c.concurrency }, async () => {
      while (next < c.total) {
        const r = c.requests[next++ % c.requests.length];
        const s = await one(c.port, r);
        statuses[s] = (statuses[s] ?? 0) + 1;
      }
    }));
    return { ms: performance.now() - started, statuses };
  }
  if (c.kind === 'sockets') {
    let opened = 0;
    for (let i = 0; i < c.cookies.length; i += 100) {
      await Promise.all(c.cookies.slice(i, i + 100).map((cookie) => new Promise<void>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${c.port}/api/socket`, { headers: { cookie } });
        ws.once('open', () => { opened++; sockets.push(ws); resolve(); });
        ws.once('error', () => resolve());
        ws.on('message', () => {});
      })));
    }
    return { opened };
  }
  for (const ws of sockets.splice(0)) ws.terminate();
  agent.destroy();
  return { closed: true };
}

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  const c = JSON.parse(line) as Command;
  process.stdout.write(`${JSON.stringify(await run(c))}\n`);
  if (c.kind === 'close') break;
}
process.exit(0);
