// A server process for shutdown.test.ts (never part of the product): the app with every plugin on
// a free port, stopped by the same signal handling and sequence as main.ts, plus a slow job that a
// socket message queues (so a job is under way when the signal comes). Logs JSON lines to stdout;
// the first line of its own, `{"fixture":"ready",...}`, gives the port and a member's cookie.
import Type from 'typebox';
import { addMember, createTestApp } from './testing.ts';
import { drainAndClose, onStopSignals } from './shutdown.ts';
import { socketMessage } from '../contract/realtime.ts';

declare module './jobs.ts' {
  interface JobPayloads { 'fixture:slow': { ms: number } }
}
const slowJob = socketMessage({ type: 'fixture:slow-job', schema: Type.Object({ ms: Type.Integer({ minimum: 0, maximum: 10_000 }) }) });

const t = await createTestApp({ profiles: 0, demo: false, log: { level: 'info', stream: process.stdout } });
const { kernel } = t;
kernel.jobs.handle('fixture:slow', async ({ ms }) => {
  kernel.log.info({ fixture: 'job started' }, 'fixture job started');
  await new Promise((resolve) => setTimeout(resolve, ms));
  kernel.log.info({ fixture: 'job finished' }, 'fixture job finished');
});
kernel.realtime.onMessage(slowJob, async (_userId, msg) => { await kernel.jobs.enqueue('fixture:slow', { ms: msg.ms }); });
kernel.jobs.start(100);
const member = await addMember(t);
onStopSignals({
  log: kernel.log, timeoutMs: kernel.config.shutdownTimeoutMs,
  // The test app's close also drops its schema (PostgreSQL) and data folder.
  stop: () => drainAndClose({ app: t.app, kernel, database: { ...t.database, close: () => t.close() }, drainMs: kernel.config.shutdownDrainMs }),
});
await t.app.listen({ port: 0, host: '127.0.0.1' });
const address = t.app.server.address();
process.stdout.write(`${JSON.stringify({ fixture: 'ready', port: typeof address === 'object' ? address?.port : null, cookie: member.cookie })}\n`);
