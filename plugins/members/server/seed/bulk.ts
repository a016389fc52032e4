import { sql } from 'kysely';
import type { Kernel } from '../../../../kernel/server/plugin.ts';
import type { CreditsService } from '../../../credits/server.ts';
import membersServer from '../../server.ts';
import { accounts } from '../../../auth/server.ts';
import { BODY_TYPES, EYE_COLORS, HAIR_COLORS, INTEREST_KEYS, RELATIONSHIP_STATUSES, SIGNUP_REASONS } from '../../contract.ts';
import { GEO } from './geo.ts';
import { FIRST_NAMES } from './names.ts';

/**
 * `n` members made by SQL alone (generate_series, no portraits), for benchmarks and scale tests:
 * countries by GEO weight, ages 18–80 around 38, 3–9 interests, last activity within 30 days (10 %
 * online), 2 % invisible, 10 % premium. Deterministic for the same `n` and `from`. Returns the
 * number of members added; run ANALYZE (see `analyze`) afterwards. `kernel` is the app's (the
 * members plugin's handle, with its credits service, is taken from it).
 */
export async function seedBulkMembers(kernel: Pick<Kernel, 'db' | 'forPlugin'>, n: number, from = 1): Promise<number> {
  const { db } = kernel;
  const credits: Pick<CreditsService, 'markPaidAll'> = kernel.forPlugin(membersServer).deps.credits;
  // One "slot" per 1/100 of country weight: a country, one of its regions and cities, two names.
  const country: string[] = [], region: string[] = [], city: string[] = [], male: string[] = [], female: string[] = [];
  for (const c of GEO) {
    const names = FIRST_NAMES[c.code] ?? FIRST_NAMES.GB;
    for (let i = 0; i < c.weight * 100; i++) {
      const r = c.regions[i % c.regions.length];
      country.push(c.code); region.push(r.code); city.push(r.cities[(i >> 3) % r.cities.length]);
      male.push(names.male[i % names.male.length]); female.push(names.female[(i * 7) % names.female.length]);
    }
  }
  const to = from + n - 1;
  // h(k): a stable pseudo-random non-negative int for row g and purpose k.
  const h = (k: number) => sql`(hashint4(g * 64 + ${sql.lit(k)})::bigint & 2147483647)`;
  const email = sql`'bulk-' || g || '@members.invalid'`;
  await accounts.insertMany(db, sql`SELECT ${email}, 'active',
      now() - make_interval(days => (${h(1)} % 720)::int),
      now() - make_interval(mins => (CASE WHEN ${h(2)} % 10 = 0 THEN ${h(3)} % 10 ELSE 10 + ${h(3)} % 43190 END)::int)
    FROM generate_series(${from}::int, ${to}::int) g`);
  const { rows: premium } = await sql<{ id: number }>`SELECT ${accounts.idByEmail(email)} AS id FROM generate_series(${from}::int, ${to}::int) g
    WHERE ${h(4)} % 10 = 0`.execute(db);
  await credits.markPaidAll(premium.map((r) => Number(r.id)));
  const pick = (arr: readonly string[], k: number) => sql`(${sql.val(arr)}::text[])[1 + ${h(k)} % ${sql.lit(arr.length)}]`;
  const { numAffectedRows } = await sql`INSERT INTO profiles (user_id, name, gender, sexuality, birthdate, country, region, city,
      hair_color, eye_color, body_type, relationship_status, tattoos, signup_reason, interests, about, status, invisible)
    SELECT u.id, CASE WHEN x.female THEN s.female[x.slot] ELSE s.male[x.slot] END,
      CASE WHEN x.female THEN 'female' ELSE 'male' END,
      CASE WHEN ${h(6)} % 100 < 76 THEN 'hetero' WHEN ${h(6)} % 100 < 88 THEN 'bi' WHEN x.female THEN 'lesbian' ELSE 'gay' END,
      (DATE '2026-01-01' - (365.25 * least(80, greatest(18, round(38 + ((${h(7)} % 1000 + ${h(8)} % 1000 + ${h(9)} % 1000) / 1000.0 - 1.5) * 30)))
        + ${h(10)} % 360)::int),
      s.country[x.slot], s.region[x.slot], s.city[x.slot],
      ${pick(HAIR_COLORS, 11)}, ${pick(EYE_COLORS, 12)}, ${pick(BODY_TYPES, 13)}, ${pick(RELATIONSHIP_STATUSES, 14)},
      ${pick(['none', 'none', 'some', 'many'], 15)}, ${pick(SIGNUP_REASONS, 16)},
      ARRAY(SELECT DISTINCT (${sql.val(INTEREST_KEYS)}::text[])[1 + (hashint4(g * 64 + 20 + i)::bigint & 2147483647) % ${sql.lit(INTEREST_KEYS.length)}]
        FROM generate_series(1, 3 + (${h(17)} % 7)::int) i),
      '', 'active', ${h(18)} % 50 = 0
    FROM generate_series(${from}::int, ${to}::int) g
    CROSS JOIN LATERAL (SELECT ${accounts.idByEmail(email)} AS id) u
    CROSS JOIN (SELECT ${sql.val(country)}::text[] AS country, ${sql.val(region)}::text[] AS region, ${sql.val(city)}::text[] AS city,
      ${sql.val(male)}::text[] AS male, ${sql.val(female)}::text[] AS female) s
    CROSS JOIN LATERAL (SELECT 1 + (${h(5)} % ${sql.lit(country.length)})::int AS slot, ${h(19)} % 2 = 0 AS female) x`.execute(db);
  return Number(numAffectedRows ?? n);
}
