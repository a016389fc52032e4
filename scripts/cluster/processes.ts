// The processes of the cluster: server instances (the product's own entry, kernel/server/main.ts)
// and Debian's HAProxy with deploy/haproxy.cfg, each logging to a file in the run's folder.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { atCleanup } from './cleanup.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** How a process ended: its exit code, or the signal that ended it. */
export interface Ended { code: number | null; signal: NodeJS.Signals | null }

/** A child process whose output goes to a log file; killed at cleanup if still running. */
class Child {
  proc: ChildProcess | null = null;
  ended: Promise<Ended> = Promise.resolve({ code: null, signal: null });
  starts = 0;

  constructor(readonly name: string, readonly logFile: string) {
    atCleanup(`stop ${name}`, () => this.forceStop());
  }

  protected launch(cmd: string, args: string[], env: NodeJS.ProcessEnv) {
    this.starts++;
    const log = fs.openSync(this.logFile, 'a');
    fs.writeSync(log, `\n===== start ${this.starts} at ${new Date().toISOString()}\n`);
    const proc = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', log, log] });
    fs.closeSync(log);
    this.proc = proc;
    this.ended = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
    proc.once('error', (err) => fs.appendFileSync(this.logFile, `spawn failed: ${err.message}\n`));
  }

  get running() { return this.proc !== null && this.proc.exitCode === null && this.proc.signalCode === null; }

  signal(sig: NodeJS.Signals) {
    if (!this.running) throw new Error(`${this.name} is not running`);
    this.proc!.kill(sig);
  }

  async forceStop() {
    if (!this.running) return;
    this.proc!.kill('SIGKILL');
    await this.ended;
  }

  /** The last lines of its log (shown when the run fails). */
  tail(lines = 30): string {
    try {
      return fs.readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }
}

/** One server instance: `node --import tsx kernel/server/main.ts` with its PORT. */
export class Instance extends Child {
  constructor(name: string, readonly port: number, private readonly env: NodeJS.ProcessEnv, dir: string) {
    super(name, path.join(dir, `${name}.log`));
  }

  get origin() { return `http://127.0.0.1:${this.port}`; }

  start() {
    this.launch(process.execPath, ['--import', 'tsx', 'kernel/server/main.ts'], { ...this.env, PORT: String(this.port) });
  }

  /** Waits until GET /api/ready answers 200 (migrations done, database and Redis reachable). */
  async waitReady(timeoutMs = 120_000) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (!this.running) throw new Error(`${this.name} exited while starting:\n${this.tail()}`);
      try {
        const res = await fetch(`${this.origin}/api/ready`, { signal: AbortSignal.timeout(2000) });
        if (res.status === 200) return;
      } catch { /* not listening yet */ }
      await sleep(200);
    }
    throw new Error(`${this.name} not ready after ${timeoutMs} ms:\n${this.tail()}`);
  }
}

/** One HAProxy state per server, from its stats CSV: UP, DOWN, "UP 1/2", MAINT, … */
export type ServerStates = Record<string, string>;

/** HAProxy in the foreground (`-db`) with the shipped configuration and the test's ports. */
export class HAProxy extends Child {
  constructor(readonly port: number, readonly statsPort: number, private readonly apps: string[], dir: string) {
    super('haproxy', path.join(dir, 'haproxy.log'));
  }

  get origin() { return `http://127.0.0.1:${this.port}`; }

  start() {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      FLIRT_BIND: `127.0.0.1:${this.port}`,
      FLIRT_STATS_BIND: `127.0.0.1:${this.statsPort}`,
      FLIRT_LOG: 'stdout',
      FLIRT_MAXCONN: '5000',
    };
    this.apps.forEach((a, i) => { env[`FLIRT_APP${i + 1}`] = a; });
    this.launch('/usr/sbin/haproxy', ['-f', path.join(ROOT, 'deploy/haproxy.cfg'), '-db'], env);
  }

  /** Each server's state as HAProxy sees it. */
  async states(): Promise<ServerStates> {
    const res = await fetch(`http://127.0.0.1:${this.statsPort}/stats;csv`, { signal: AbortSignal.timeout(2000) });
    const lines = (await res.text()).trim().split('\n');
    const head = lines[0].replace(/^# /, '').split(',');
    const [px, sv, status] = ['pxname', 'svname', 'status'].map((c) => head.indexOf(c));
    const out: ServerStates = {};
    for (const l of lines.slice(1)) {
      const cols = l.split(',');
      if (cols[px] === 'flirt_app' && cols[sv] !== 'BACKEND' && cols[sv] !== 'FRONTEND') out[cols[sv]] = cols[status];
    }
    return out;
  }

  /** Waits until HAProxy reports `server` in `state` ('UP' or 'DOWN'). */
  async waitState(server: string, state: 'UP' | 'DOWN', timeoutMs = 30_000) {
    const until = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < until) {
      if (!this.running) throw new Error(`haproxy exited:\n${this.tail()}`);
      try {
        last = (await this.states())[server] ?? '';
        if (last === state) return;
      } catch { /* stats not up yet */ }
      await sleep(100);
    }
    throw new Error(`HAProxy did not see ${server} ${state} within ${timeoutMs} ms (last: ${last || 'nothing'})`);
  }

  /** Lines of HAProxy's log with an HTTP status of 500 or more, or a termination state other than normal. */
  failedLogLines(): string[] {
    let text = '';
    try { text = fs.readFileSync(this.logFile, 'utf8'); } catch { return []; }
    // log-format: ... %ST %B %tsc ...: the status after the timers, then bytes, then the termination state.
    return text.split('\n').filter((l) => /\s(\d{3}) \d+ (\S{4}) /.test(l)).filter((l) => {
      const m = /\s(\d{3}) \d+ (\S{4}) /.exec(l)!;
      return Number(m[1]) >= 500;
    });
  }
}
