// The cluster's members, made as people make them: the real signup through HAProxy (each from its
// own address), the activation link from the real mail, then credits and premium through the
// end-to-end test hook (loopback only, straight to an instance: the same hook the journeys use).
import { signup } from '../../plugins/signup/contract.ts';
import { currentUser } from '../../plugins/auth/contract.ts';
import { testCredits } from '../../plugins/credits/contract.ts';
import { Member, request, type Context } from './member.ts';
import type { MailServer } from './outside.ts';
import type { Instance } from './processes.ts';

export const PASSWORD = 'cluster-pass-2026';

/** A member's own loopback address: 127.1.<n / 250>.<n % 250 + 1> (Linux answers on all of 127/8). */
export const addressOf = (n: number) => `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: size }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

/** The activation link's token in a mail's text. */
function activationPath(text: string): string | null {
  const url = text.match(/https?:\/\/\S+/g)?.find((u) => u.includes('/api/activate.php'));
  if (!url) return null;
  const u = new URL(url);
  return u.pathname + u.search;
}

export async function makeMembers(opts: { count: number; tag: string; ctx: Context; mail: MailServer; instances: Instance[]; credits: number }) {
  const { count, tag, ctx, mail, instances } = opts;
  const members = Array.from({ length: count }, (_, n) => new Member(n, `m${n}-${tag}@example.com`, PASSWORD, addressOf(n), ctx));

  await inBatches(members, 8, async (m) => {
    const female = m.n % 2 === 0;
    const res = await m.call<{ user: { id: number } }>('POST', signup.path, {
      gender: female ? 'female' : 'male', looking_for: [female ? 'male' : 'female'], date_of_birth: `19${80 + (m.n % 20)}-0${1 + (m.n % 9)}-1${m.n % 10}`,
      country: 'GB', region: 'bristol', city: 'Bristol', name: `Member${m.n}x${tag.slice(0, 4)}`, email: m.email, password: m.password, language: 'en',
    });
    if (res.status !== 200) throw new Error(`signup of ${m.email}: ${res.status} ${JSON.stringify(res.body)}`);
    m.id = res.body.user.id;
  });

  // Each member's activation mail (sent by whichever instance's worker took the job), its link opened through HAProxy.
  await mail.until((all) => members.every((m) => all.some((x) => x.to === m.email && activationPath(x.text))), 120_000, `${count} activation mails`);
  await inBatches(members, 8, async (m) => {
    const link = activationPath(mail.to(m.email).find((x) => activationPath(x.text))!.text)!;
    const res = await m.call('GET', link);
    if (res.status !== 302 && res.status !== 303) throw new Error(`activation of ${m.email}: ${res.status} ${JSON.stringify(res.body)}`);
  });

  // Credits and premium (no conversation limits), as the journeys give them: the test hook.
  await inBatches(members, 8, async (m) => {
    const inst = instances[m.n % instances.length];
    const res = await request({
      host: '127.0.0.1', port: inst.port, method: 'POST', path: testCredits.path,
      headers: { 'x-request-type': 'client', 'content-type': 'application/json' },
      body: JSON.stringify({ email: m.email, credits: opts.credits, premium: true }),
    });
    if (res.status !== 200) throw new Error(`credits for ${m.email}: ${res.status} ${JSON.stringify(res.body)}`);
  });

  // Each one's own view (the account is active now).
  await inBatches(members, 8, async (m) => {
    const res = await m.call<{ user: { id: number } }>('GET', currentUser.path);
    if (res.status !== 200 || res.body.user.id !== m.id) throw new Error(`user.php for ${m.email}: ${res.status}`);
  });
  return members;
}

/** Every member's realtime socket through HAProxy. */
export async function connectAll(members: Member[]) {
  await inBatches(members, 20, (m) => m.connect());
}
