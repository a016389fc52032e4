import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createTestApp, type TestApp } from './testing.ts';

/** A real SMTP server on a free port that keeps what it receives. */
async function smtpCatcher() {
  const received: ParsedMail[] = [];
  let fail = 0;
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, _session, done) {
      if (fail > 0) {
        fail -= 1;
        stream.resume();
        stream.on('end', () => done(new Error('451 try again later')));
        return;
      }
      simpleParser(stream).then((m) => { received.push(m); done(); }, done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { received, port, failNext: (n: number) => { fail = n; }, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('mail over SMTP through the job queue', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof smtpCatcher>>;
  beforeAll(async () => {
    smtp = await smtpCatcher();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}/?ignoreTLS=true`;
    t = await createTestApp({ profiles: 0 });
    delete process.env.SMTP_URL;
  });
  afterAll(async () => { await t?.close(); await smtp?.close(); });

  it('delivers a mail with HTML and text parts and unsubscribe headers', async () => {
    await t.call({ method: 'POST', url: '/api/reset-password.php', payload: { email: 'demo@example.com' } });
    expect(await t.kernel.jobs.runDue()).toBe(1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('demo@example.com');
    expect(mail.subject).toBe('Choose a new password for FlirtHaven');
    expect(mail.html).toContain('Choose a new password');
    expect(mail.text).toContain('/reset-password/do?token=');
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toMatch(/^List-Unsubscribe:\s+<http:\/\/localhost.*\/api\/unsubscribe\.php\?token=/);
    expect(mail.from?.text).toContain('FlirtHaven');
  });

  it('retries a failed delivery later and keeps the job until it is sent', async () => {
    const before = smtp.received.length;
    smtp.failNext(1);
    await t.call({ method: 'POST', url: '/api/reset-password.php', payload: { email: 'demo@example.com' } });
    await t.kernel.jobs.runDue();
    expect(smtp.received.length).toBe(before);
    const job = await t.kernel.db.selectFrom('kernel_jobs').selectAll().where('done_at', 'is', null).executeTakeFirstOrThrow();
    expect(job.attempts).toBe(1);
    expect(job.last_error).toMatch(/try again/);
    // Not yet due: nothing happens before the retry delay.
    await t.kernel.jobs.runDue();
    expect(smtp.received.length).toBe(before);
    t.kernel.clock.advance(31_000);
    await t.kernel.jobs.runDue();
    expect(smtp.received.length).toBe(before + 1);
  });
});

describe('mail without SMTP', () => {
  it('writes each mail to the outbox folder', async () => {
    const t = await createTestApp({ profiles: 0 });
    try {
      await t.call({ method: 'POST', url: '/api/reset-password.php', payload: { email: 'demo@example.com' } });
      await t.kernel.jobs.runDue();
      const dir = `${t.kernel.config.dataDir}/outbox`;
      const files = fs.readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/demo@example\.com\.eml$/);
      const parsed = await simpleParser(fs.readFileSync(`${dir}/${files[0]}`));
      expect(parsed.subject).toBe('Choose a new password for FlirtHaven');
      expect(parsed.html).toBeTruthy();
      expect(parsed.text).toBeTruthy();
    } finally {
      await t.close();
    }
  });
});
