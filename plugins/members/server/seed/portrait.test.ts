import { describe, it, expect } from 'vitest';
import sharp from 'sharp';
import { BODY_TYPES, EYE_COLORS, GENDERS, HAIR_COLORS, REGION_WORDS } from '../../contract.ts';
import { GEO } from './geo.ts';
import { FIRST_NAMES } from './names.ts';
import { portraitSvg, renderPortrait, type PortraitSpec } from './portrait.ts';

const spec: PortraitSpec = { seed: 7, gender: 'female', age: 34, hair: 'red', eyes: 'green', body: 'normal' };

describe('portrait', () => {
  it('renders a full picture, a thumbnail and a square face crop as JPEGs', async () => {
    const img = await renderPortrait(spec);
    const sizes = { full: [480, 600], thumb: [160, 200], match: [300, 300] } as const;
    for (const [key, [width, height]] of Object.entries(sizes)) {
      const buf = img[key as keyof typeof img];
      expect(buf.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      const meta = await sharp(buf).metadata();
      expect({ key, format: meta.format, width: meta.width, height: meta.height }).toEqual({ key, format: 'jpeg', width, height });
    }
  });

  it('gives identical bytes for the same spec', async () => {
    const [a, b] = await Promise.all([renderPortrait(spec), renderPortrait({ ...spec })]);
    expect(a.full.equals(b.full)).toBe(true);
    expect(a.thumb.equals(b.thumb)).toBe(true);
    expect(a.match.equals(b.match)).toBe(true);
    expect(portraitSvg(spec)).toBe(portraitSvg({ ...spec }));
  });

  it('gives different pictures for different seeds', async () => {
    const fulls = await Promise.all([1, 2, 3, 4].map((seed) => renderPortrait({ ...spec, seed }).then((p) => p.full.toString('base64'))));
    expect(new Set(fulls).size).toBe(4);
  });

  it('draws every combination of the profile vocabularies as well-formed SVG', () => {
    let seed = 0;
    for (const gender of GENDERS) for (const hair of HAIR_COLORS) for (const eyes of EYE_COLORS) for (const body of BODY_TYPES) {
      for (const age of [18, 45, 80]) {
        const svg = portraitSvg({ seed: seed++, gender, age, hair, eyes, body });
        expect(svg.startsWith('<svg')).toBe(true);
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
      }
    }
  });

  it('renders at a requested size', async () => {
    const meta = await sharp(Buffer.from(portraitSvg(spec, { width: 240, height: 300 }))).metadata();
    expect([meta.width, meta.height]).toEqual([240, 300]);
  });
});

describe('seed geography and names', () => {
  it('has unique country codes and valid region words and weights', () => {
    const codes = GEO.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of GEO) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(REGION_WORDS).toContain(c.regionWord);
      expect(c.weight).toBeGreaterThan(0);
    }
  });

  it('has unique ASCII region codes per country with 2+ distinct cities each', () => {
    for (const c of GEO) {
      const codes = c.regions.map((r) => r.code);
      expect({ country: c.code, unique: new Set(codes).size }).toEqual({ country: c.code, unique: codes.length });
      for (const r of c.regions) {
        expect(r.code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(r.name.trim()).toBe(r.name);
        expect(r.cities.length).toBeGreaterThanOrEqual(2);
        expect(new Set(r.cities).size).toBe(r.cities.length);
      }
    }
  });

  it('has the expected number of regions for countries with a fixed set', () => {
    const count = Object.fromEntries(GEO.map((c) => [c.code, c.regions.length]));
    expect(count).toMatchObject({ NL: 12, DE: 16, IT: 20, FR: 13, ES: 50, PL: 16, DK: 5, FI: 19, NO: 15, SE: 21, CH: 26, AT: 9, BE: 11, IE: 26 });
    expect(count.GB).toBeGreaterThanOrEqual(40);
  });

  it('has at least 25 distinct male and female first names for every country', () => {
    for (const c of GEO) {
      const names = FIRST_NAMES[c.code];
      expect(names, c.code).toBeDefined();
      for (const list of [names.male, names.female]) {
        expect(new Set(list).size, c.code).toBeGreaterThanOrEqual(25);
      }
    }
  });
});
