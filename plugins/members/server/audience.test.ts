import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import { NICHE_AUDIENCES, type Audience } from '../contract.ts';
import { isListed, nicheInterestCounts, nicheRegionCounts, pickNicheMembers } from './audience.ts';

// Niche sites show their audience first: each niche's picks are members of that audience only.
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 300 }); });
afterAll(() => t?.close());

const ageOf = (birth: Date) => {
  const now = new Date();
  return now.getFullYear() - birth.getFullYear() - (now < new Date(now.getFullYear(), birth.getMonth(), birth.getDate()) ? 1 : 0);
};
const seeks = (gender: string, sexuality: string, g: string) =>
  (gender === g && ['gay', 'lesbian', 'bi'].includes(sexuality)) || (gender !== g && ['hetero', 'bi'].includes(sexuality));

function fits(a: Audience, p: { gender: string; sexuality: string; birthdate: Date; body_type: string; interests: string[] }) {
  return (!a.genders?.length || a.genders.includes(p.gender as never))
    && (!a.seeking?.length || a.seeking.some((g) => seeks(p.gender, p.sexuality, g)))
    && (a.min_age == null || ageOf(new Date(p.birthdate)) >= a.min_age)
    && (a.max_age == null || ageOf(new Date(p.birthdate)) <= a.max_age)
    && (!a.body_types?.length || a.body_types.includes(p.body_type as never))
    && (!a.interests_any?.length || a.interests_any.some((i) => p.interests.includes(i)));
}

describe('niche audiences', () => {
  for (const [niche, audience] of Object.entries(NICHE_AUDIENCES)) {
    it(`niche ${niche} picks only its audience, listed members with a photo`, async () => {
      const site = { niche: Number(niche), niche_audience: null };
      const ids = await pickNicheMembers(t.kernel.db, site, { limit: 50, country: 'GB' });
      const rows = ids.length ? await t.kernel.db.selectFrom('profiles').select(['user_id', 'gender', 'sexuality', 'birthdate', 'body_type', 'interests']).where('user_id', 'in', ids).execute() : [];
      expect(rows.filter((r) => !fits(audience, r)).map((r) => r.user_id)).toEqual([]);
      for (const id of ids.slice(0, 5)) expect(await isListed(t.kernel.db, id)).toBe(true);
      if (Number(niche) === 1) expect(ids.length).toBe(50);
    });
  }

  it('leaves out the members asked to skip, and takes ids no member can have as naming nobody', async () => {
    const site = { niche: 1, niche_audience: null };
    const [first, ...rest] = await pickNicheMembers(t.kernel.db, site, { limit: 5 });
    const again = await pickNicheMembers(t.kernel.db, site, { limit: 4, exclude: [first, 2147483648, -1, 1.5] });
    expect(again).toEqual(rest);
  });

  it('an operator override replaces the niche default', async () => {
    const ids = await pickNicheMembers(t.kernel.db, { niche: 7, niche_audience: { genders: ['female'] } }, { limit: 20 });
    const genders = new Set((await t.kernel.db.selectFrom('profiles').select('gender').where('user_id', 'in', ids).execute()).map((r) => r.gender));
    expect([...genders]).toEqual(['female']);
  });

  it('counts per region and per interest without naming members', async () => {
    const site = { niche: 1, niche_audience: null };
    const counts = await nicheRegionCounts(t.kernel.db, site, 'GB');
    const all = await pickNicheMembers(t.kernel.db, site, { limit: 10_000, country: 'GB' });
    const inGb = (await t.kernel.db.selectFrom('profiles').select('user_id').where('user_id', 'in', all).where('country', '=', 'GB').execute()).length;
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(inGb);
    const interests = await nicheInterestCounts(t.kernel.db, site, ['music', 'travelling']);
    expect(interests.any).toBeGreaterThanOrEqual(Math.max(interests.each.music ?? 0, interests.each.travelling ?? 0));
  });
});
