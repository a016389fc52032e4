import { describe, expect, it } from 'vitest';
import { isValidEmail } from '../contract/validation.ts';
import { createMail, type MailMessage } from './mail.ts';
import { loadTexts } from './texts.ts';
import type { Jobs } from './jobs.ts';

const BAD = [
  '<img/src=x/onerror=alert(1)>foo@evil.example',
  'a@b.c, victim@x.y',
  'a@b.cc,victim@x.yy',
  'a@b.cc;victim@x.yy',
  '"quoted"@example.com',
  '"a b"@example.com',
  'Name <a@example.com>',
  'a@example.com>',
  'a b@example.com',
  ' a@example.com',
  'a@example.com ',
  'a@example.com\n',
  'a@example.com\r\nBcc: victim@x.yy',
  'a\u0000b@example.com',
  'a\tb@example.com',
  '.a@example.com',
  'a.@example.com',
  'a..b@example.com',
  'a@example',
  'a@.example.com',
  'a@example..com',
  'a@-example.com',
  'a@example-.com',
  'a@example.c',
  'a@example.123',
  'a@[127.0.0.1]',
  'a@@example.com',
  'a@b@example.com',
  '@example.com',
  'a@',
  '',
  'ü@example.com',
  `${'a'.repeat(65)}@example.com`,
  `a@${'b'.repeat(64)}.com`,
  `${'a'.repeat(60)}@${Array.from({ length: 4 }, () => 'b'.repeat(60)).join('.')}.com`,
];

const GOOD = [
  'demo@example.com',
  'first.last@example.co.uk',
  'a+tag@sub.example.de',
  "o'brien@example.ie",
  "x!#$%&'*+/=?^_`{|}~-y@example.com",
  'a@b.cc',
  'UPPER@Example.COM',
  'member1-abc@xn--mnchen-3ya.de',
  `${'a'.repeat(64)}@example.com`,
];

describe('e-mail address validation (one strict validator)', () => {
  it.each(BAD)('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
  it.each(GOOD)('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it('refuses what is not a string', () => {
    expect(isValidEmail(undefined)).toBe(false);
    expect(isValidEmail({ address: 'a@example.com' })).toBe(false);
  });
});

describe('the mailer refuses any recipient that is not one valid address', () => {
  const queued: Record<string, unknown>[] = [];
  const jobs = { handle() {}, enqueue: async (_k: string, p: Record<string, unknown>) => { queued.push(p); return queued.length; } } as unknown as Jobs;
  const log = { info() {}, warn() {}, error() {} } as never;
  const mail = createMail({ jobs, texts: loadTexts(), outboxDir: '/nonexistent/outbox', log });
  const site = { domain: 'localhost', name: 'FlirtHaven', mail_name: 'FlirtHaven', canonical_url: 'http://localhost:3000' } as never;

  it('does not queue a mail to a bad address', async () => {
    for (const to of ['<img/src=x/onerror=alert(1)>foo@evil.example', 'a@b.cc, victim@x.yy']) {
      await expect(mail.queue({ to, locale: 'en', site, subject: 's', heading: 'h', paragraphs: [] })).rejects.toThrow(/recipient/);
    }
    expect(queued).toHaveLength(0);
  });

  it('does not send a queued mail to a bad address (a job written before the check)', async () => {
    const msg: MailMessage = { to: 'a@b.cc, victim@x.yy', from: 'x@example.com', subject: 's', html: '<p>h</p>', text: 'h' };
    await expect(mail.send(msg)).rejects.toThrow(/recipient/);
  });
});
