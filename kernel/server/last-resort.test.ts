import { execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { installLastResort } from './last-resort.ts';

const run = promisify(execFile);

describe('last resort', () => {
  it('logs uncaught exceptions and unhandled rejections, and removes its hooks again', () => {
    const proc = new EventEmitter();
    const logged: [object, string][] = [];
    const remove = installLastResort({ error: (obj, msg) => logged.push([obj, msg]) }, proc);
    const boom = new Error('boom');
    proc.emit('uncaughtException', boom, 'uncaughtException');
    proc.emit('unhandledRejection', 'nope', Promise.resolve());
    expect(logged).toEqual([
      [{ err: boom, origin: 'uncaughtException' }, 'uncaught exception (kept serving)'],
      [{ err: 'nope' }, 'unhandled promise rejection (kept serving)'],
    ]);
    remove();
    expect(proc.listenerCount('uncaughtException') + proc.listenerCount('unhandledRejection')).toBe(0);
  });

  it('keeps a real process (and its server) alive after a throw in a callback and an unhandled rejection', async () => {
    const file = path.join(import.meta.dirname, 'last-resort.ts');
    const script = `
      import http from 'node:http';
      import { installLastResort } from ${JSON.stringify(file)};
      installLastResort({ error: (o, msg) => console.log('logged:', msg, String(o.err && o.err.message || o.err)) });
      const server = http.createServer((req, res) => res.end('ok')).listen(0, '127.0.0.1', () => {
        setTimeout(() => { throw new Error('from a timer'); }, 10);
        setTimeout(() => { Promise.reject(new Error('from a promise')); }, 20);
        setTimeout(async () => {
          const res = await fetch('http://127.0.0.1:' + server.address().port + '/');
          console.log('still serving:', await res.text());
          server.close();
        }, 80);
      });`;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 20_000 });
    expect(stdout).toContain('logged: uncaught exception (kept serving) from a timer');
    expect(stdout).toContain('logged: unhandled promise rejection (kept serving) from a promise');
    expect(stdout).toContain('still serving: ok');
  });
});
