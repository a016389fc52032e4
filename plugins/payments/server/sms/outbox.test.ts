import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxSms, readLatestSms } from './outbox.ts';

let root: string;
beforeEach(async () => { root = await mkdtemp(join(tmpdir(), 'sms-outbox-')); });
afterEach(async () => { await rm(root, { recursive: true, force: true }); });

describe('SMS outbox', () => {
  it('writes each message as a file named by time, random hex and number, creating the folder', async () => {
    const dir = join(root, 'data', 'sms-outbox');
    const sms = createOutboxSms(dir);
    expect(sms.name).toBe('outbox');
    await sms.send('+31612345678', '123456 is your code.');
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{6}-31612345678\.txt$/);
    expect(await readFile(join(dir, files[0]!), 'utf8')).toBe('To: +31612345678\n\n123456 is your code.\n');
  });

  it('reads back the newest text for a number, not another number’s', async () => {
    const sms = createOutboxSms(root);
    await sms.send('+31612345678', 'first 111111');
    await sms.send('+4915123456789', 'other 222222');
    await sms.send('+31612345678', 'second 333333');
    await sms.send('+131612345678', 'ends in the same digits 444444');
    // Same millisecond or not, the later message wins.
    expect(await readLatestSms(root, '+31612345678')).toBe('second 333333');
    expect(await readLatestSms(root, '+4915123456789')).toBe('other 222222');
    expect(await readLatestSms(root, '+131612345678')).toBe('ends in the same digits 444444');
    expect(await readLatestSms(root, '+447700900123')).toBeNull();
    expect(await readLatestSms(root, '')).toBeNull();
  });

  it('keeps multi-line texts whole', async () => {
    const sms = createOutboxSms(root);
    await sms.send('+31612345678', 'line one\nline two');
    expect(await readLatestSms(root, '+31612345678')).toBe('line one\nline two');
  });

  it('answers null when nothing was ever sent (no folder yet)', async () => {
    expect(await readLatestSms(join(root, 'missing'), '+31612345678')).toBeNull();
  });

  it('ignores a file whose header names another number', async () => {
    await writeFile(join(root, '2026-11-24T10-00-00-000Z-abcdef-31612345678.txt'), 'To: +999\n\nforged\n');
    expect(await readLatestSms(root, '+31612345678')).toBeNull();
  });

  it('refuses a number that is not E.164 (it would end up in a file name)', async () => {
    const sms = createOutboxSms(root);
    await expect(sms.send('../../etc/passwd', 'x')).rejects.toThrow(/E\.164/);
    await expect(sms.send('0612345678', 'x')).rejects.toThrow(/E\.164/);
    expect(await readdir(root)).toEqual([]);
  });
});
