// `npm run bench`: member search and login latency through the full app (routing, validation,
// session, SQL) on a freshly seeded database. BENCH_PROFILES sets the size (default 2000);
// TEST_DATABASE_URL runs it on PostgreSQL instead of PGlite.
import { createTestApp, sessionCookie } from '../kernel/server/testing.ts';

const profiles = Number(process.env.BENCH_PROFILES ?? 2000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 200);

const pct = (xs: number[], p: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

const started = Date.now();
const t = await createTestApp({ profiles });
console.log(`seeded ${profiles} profiles with portraits in ${((Date.now() - started) / 1000).toFixed(1)} s (${t.database.engine})`);
const cookie = sessionCookie(await t.call({ method: 'POST', url: '/api/user.php', payload: { email: 'demo@example.com', password: 'flirt-demo-2026' } }));

const queries = ['', '?country=DE', '?country=GB&min_age=25&max_age=40', '?gender=female&min_age=30', '?country=PL&countryregion=mazowieckie', '?page=20'];
async function measure(name: string, run: (i: number) => Promise<unknown>, n = rounds) {
  for (let i = 0; i < 10; i++) await run(i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await run(i);
    times.push(performance.now() - s);
  }
  console.log(`${name.padEnd(28)} p50 ${pct(times, 0.5).toFixed(2).padStart(7)} ms  p95 ${pct(times, 0.95).toFixed(2).padStart(7)} ms  (${n} runs)`);
}

await measure('GET members.php (mixed)', (i) => t.call({ method: 'GET', url: `/api/members.php${queries[i % queries.length]}`, cookie }));
await measure('GET member.php', (i) => t.call({ method: 'GET', url: `/api/member.php?id=${(i % profiles) + 1}`, cookie }));
await measure('GET user.php', () => t.call({ method: 'GET', url: '/api/user.php', cookie }));
await measure('POST user.php (argon2id)', () => t.call({ method: 'POST', url: '/api/user.php', payload: { email: 'demo@example.com', password: 'flirt-demo-2026' } }), 20);
await t.close();
