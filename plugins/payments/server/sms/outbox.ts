/**
 * The SMS "provider" for development and tests: each message becomes a text file in a folder, like
 * the kernel's mail outbox, and Playwright journeys read the code back with readLatestSms.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isE164, type SmsSender } from './sms.ts';

const digitsOf = (number: string) => number.replace(/[^0-9]/g, '');

export function createOutboxSms(dir: string): SmsSender & { readonly dir: string } {
  // File names sort by time; two messages in the same millisecond still get increasing names.
  let last = 0;
  return {
    name: 'outbox',
    dir,
    async send(to, text) {
      if (!isE164(to)) throw new Error('SMS outbox: the number is not in E.164 form (+ and 8 to 15 digits)');
      last = Math.max(Date.now(), last + 1);
      const stamp = new Date(last).toISOString().replace(/[:.]/g, '-');
      const file = join(dir, `${stamp}-${randomBytes(3).toString('hex')}-${digitsOf(to)}.txt`);
      await mkdir(dir, { recursive: true });
      await writeFile(file, `To: ${to}\n\n${text}\n`, { encoding: 'utf8', flag: 'wx' });
    },
  };
}

/** The newest message texted to `to` (its text only), or null when there is none. */
export async function readLatestSms(dir: string, to: string): Promise<string | null> {
  const digits = digitsOf(to);
  if (!digits) return null;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const header = `To: +${digits}\n\n`;
  const mine = names.filter((n) => n.endsWith(`-${digits}.txt`)).sort().reverse();
  for (const name of mine) {
    const content = await readFile(join(dir, name), 'utf8');
    if (content.startsWith(header)) return content.slice(header.length).replace(/\n$/, '');
  }
  return null;
}
