import {
  BODY_TYPES, EYE_COLORS, HAIR_COLORS, INTEREST_KEYS, RELATIONSHIP_STATUSES, SIGNUP_REASONS,
  type BodyType, type EyeColor, type Gender, type HairColor, type Profile, type RelationshipStatus, type Sexuality,
  type SignupReason, type Tattoos,
} from '../../contract.ts';
import { GEO } from './geo.ts';
import { FIRST_NAMES } from './names.ts';
import { rng } from '../../../../kernel/server/random.ts';

/** A generated member: the profile's own fields plus what the seed needs to place it in time. */
export type SeedProfile = Omit<Profile, 'id' | 'main_image' | 'online' | 'images' | 'premium' | 'fictional' | 'locked_images' | 'blocked'
  | 'hair_color' | 'eye_color' | 'body_type' | 'relationship_status' | 'tattoos' | 'signup_reason'> & {
  /** Demo members have told every detail. */
  hair_color: HairColor; eye_color: EyeColor; body_type: BodyType; relationship_status: RelationshipStatus;
  tattoos: Tattoos; signup_reason: SignupReason;
  key: string;
  birthdate: string;       // YYYY-MM-DD
  signupDaysAgo: number;
  lastSeenMinutesAgo: number;
};

// Ages are fixed against this date so the data does not depend on the day it was seeded.
const REFERENCE = Date.UTC(2026, 0, 1);

const ABOUT: Record<string, string[]> = {
  GB: ['Easy-going, love a good laugh and a long walk.', 'New in town and curious to meet people.', 'Looking for someone to share coffee and stories with.'],
  IE: ['Fond of a good chat and a pint by the sea.', 'Outdoorsy, kind and a bit of a romantic.'],
  NL: ['Gezellig, spontaan en altijd in voor een avontuur.', 'Op zoek naar iemand om mee te lachen.'],
  BE: ['Gezellig, spontaan en altijd in voor een avontuur.', 'Curieuse et pleine de vie, j’aime les rencontres.'],
  DE: ['Unkompliziert, humorvoll und neugierig auf Neues.', 'Ich liebe lange Spaziergänge und gute Gespräche.'],
  AT: ['Gemütlich, ehrlich und für jeden Spaß zu haben.', 'Bergmensch mit Herz sucht nette Gesellschaft.'],
  CH: ['Offen, ehrlich und gern in den Bergen unterwegs.', 'Curieux et spontané, toujours partant pour un verre.'],
  IT: ['Solare, curioso e amante della buona cucina.', 'Cerco qualcuno con cui ridere e viaggiare.'],
  FR: ['Curieuse et pleine de vie, j’aime les rencontres.', 'Amateur de bons vins et de longues discussions.'],
  ES: ['Alegre, sociable y con ganas de conocer gente.', 'Me encanta viajar, bailar y reír.'],
  PL: ['Pogodna, szczera i zawsze gotowa na przygodę.', 'Lubię dobre rozmowy i długie spacery.'],
  DK: ['Hyggelig, ærlig og altid klar på et eventyr.', 'Jeg elsker lange gåture og gode samtaler.'],
  FI: ['Rento, rehellinen ja aina valmis seikkailuun.', 'Rakastan luontoa, saunaa ja hyviä keskusteluja.'],
  NO: ['Avslappet, ærlig og glad i friluftsliv.', 'Jeg elsker lange turer og gode samtaler.'],
  SE: ['Avslappnad, ärlig och alltid redo för äventyr.', 'Jag älskar långa promenader och goda samtal.'],
};

/** A demo name: the first name, maybe with digits or a letter. */
function nameFor(r: ReturnType<typeof rng>, first: string, birth: Date): string {
  const style = r.int(0, 3);
  return style === 0 ? first : style === 1 ? `${first}${birth.getUTCFullYear() % 100}` : style === 2 ? `${first.toLowerCase()}_${r.int(1, 99)}` : `${first}${r.pick(['', '.', '_'])}${String.fromCharCode(65 + r.int(0, 25))}`;
}

const hairFor = (r: ReturnType<typeof rng>, gender: Gender, age: number): HairColor =>
  age > 60 && r.chance(0.6) ? 'grey' : gender === 'male' && age > 40 && r.chance(0.15) ? 'bald' : r.pick(HAIR_COLORS.filter((h) => h !== 'grey' && h !== 'bald'));

const birthFor = (r: ReturnType<typeof rng>, age: number) => new Date(REFERENCE - (age * 365.25 + r.int(1, 360)) * 86400_000);

/** The i-th demo profile: always the same for the same i. */
export function seedProfile(i: number): SeedProfile {
  const p = baseProfile(i);
  const niche = SEED_NICHES[i % 10];
  return niche ? forNiche(p, niche, rng(7_919 * (i + 1) + 17)) : p;
}

/**
 * The niche (spec section 1; members/contract.ts NICHE_AUDIENCES) every tenth demo member is made
 * for, by the last digit of the index, on top of those the general mix makes anyway, so each niche
 * domain has members to show: 1 women of 60+ (gilf), 3 women of 35–55 (milf), 5 men looking for
 * men (gay), 7 body type "fat" (bbw), 9 bondage or sadomasochism among the interests (bdsm). Men
 * looking for women (she) are 44 % of the general mix. The other digits keep the general mix.
 */
export const SEED_NICHES: Readonly<Partial<Record<number, 'gilf' | 'milf' | 'gay' | 'bbw' | 'bdsm'>>> = { 1: 'gilf', 3: 'milf', 5: 'gay', 7: 'bbw', 9: 'bdsm' };

/** The general mix's profile turned into a member of the niche (its own random numbers, so the mix stays as it was). */
function forNiche(p: SeedProfile, niche: NonNullable<(typeof SEED_NICHES)[number]>, r: ReturnType<typeof rng>): SeedProfile {
  /** Another gender and age: name, birth date, hair and (for women) orientation follow. */
  const become = (gender: Gender, age: number): SeedProfile => {
    const birth = birthFor(r, age);
    const names = FIRST_NAMES[p.country] ?? FIRST_NAMES.GB;
    const sexuality: Sexuality = gender === 'female' && p.sexuality === 'gay' ? 'lesbian' : gender === 'male' && p.sexuality === 'lesbian' ? 'gay' : p.sexuality;
    return {
      ...p, gender, age, sexuality, birthdate: birth.toISOString().slice(0, 10),
      name: nameFor(r, r.pick(gender === 'male' ? names.male : names.female), birth), hair_color: hairFor(r, gender, age),
      relationship_status: age > 65 && r.chance(0.25) ? 'widowed' : p.relationship_status,
    };
  };
  switch (niche) {
    case 'gilf': return become('female', r.int(60, 79));
    case 'milf': return become('female', r.int(35, 55));
    case 'gay': return { ...become('male', p.age), sexuality: r.chance(0.75) ? 'gay' : 'bi' };
    case 'bbw': return { ...p, body_type: 'fat' };
    case 'bdsm': {
      const kinks = r.sample(['bondage', 'sadomasochism'] as const, r.int(1, 2));
      return { ...p, interests: [...kinks, ...p.interests.filter((k) => !kinks.includes(k as never))].slice(0, 9) };
    }
  }
}

/** The general mix (the first 1 in 10 of each niche aside). */
function baseProfile(i: number): SeedProfile {
  const r = rng(1_000_003 * (i + 1));
  const country = r.weighted(GEO, (c) => c.weight);
  const region = r.pick(country.regions);
  const gender: Gender = r.chance(0.5) ? 'female' : 'male';
  const x = r.next();
  const sexuality: Sexuality = x < 0.76 ? 'hetero' : x < 0.88 ? 'bi' : gender === 'male' ? 'gay' : 'lesbian';
  // Most members are 25–55; the tails reach 18 and 80.
  const age = Math.min(80, Math.max(18, Math.round(38 + (r.next() + r.next() + r.next() - 1.5) * 30)));
  const birth = birthFor(r, age);
  const names = FIRST_NAMES[country.code] ?? FIRST_NAMES.GB;
  const first = r.pick(gender === 'male' ? names.male : names.female);
  const name = nameFor(r, first, birth);
  const hair = hairFor(r, gender, age);
  const status: RelationshipStatus = age < 25 ? r.pick(['single', 'single', 'unmarried', 'living_together'] as const) : r.pick(RELATIONSHIP_STATUSES);
  return {
    key: `demo-${i}`,
    name,
    gender,
    sexuality,
    birthdate: birth.toISOString().slice(0, 10),
    age,
    country: country.code,
    region: region.code,
    city: r.pick(region.cities),
    hair_color: hair,
    eye_color: r.pick(EYE_COLORS),
    body_type: r.weighted(BODY_TYPES, (b) => (b === 'normal' ? 5 : b === 'slim' ? 3 : 2)),
    relationship_status: status,
    tattoos: r.weighted(['none', 'some', 'many'] as const, (t) => (t === 'none' ? 6 : t === 'some' ? 3 : 1)),
    signup_reason: r.pick(SIGNUP_REASONS),
    interests: r.sample(INTEREST_KEYS, r.int(3, 9)),
    about: r.pick(ABOUT[country.code] ?? ABOUT.GB),
    signupDaysAgo: r.int(0, 720),
    lastSeenMinutesAgo: r.chance(0.1) ? r.int(0, 9) : r.int(10, 60 * 24 * 30),
  };
}

/** The demo member everyone can log in as. Always the same. */
export function demoMemberProfile(): SeedProfile {
  const gb = GEO.find((c) => c.code === 'GB')!;
  const region = gb.regions.find((r) => r.cities.includes('London')) ?? gb.regions[0];
  return {
    ...seedProfile(0), key: 'demo-member', name: 'Alex', gender: 'male', sexuality: 'hetero', age: 34,
    birthdate: '1992-05-14', country: 'GB', region: region.code, city: region.cities.includes('London') ? 'London' : region.cities[0],
    hair_color: 'brown', eye_color: 'blue', body_type: 'normal', relationship_status: 'single', tattoos: 'some',
    signup_reason: 'relationship', interests: ['travelling', 'coffee', 'hiking', 'music', 'cooking'],
    about: 'Coffee first, then adventures. Show me your favourite spot in town.',
  };
}
