import sharp from 'sharp';
import type { BodyType, EyeColor, Gender, HairColor } from '../../contract.ts';
import { rng } from '../../../../kernel/server/random.ts';

/**
 * Deterministic flat-illustration avatars for the demo members: everything is drawn as a small SVG
 * (no filters, no text, nothing fetched) and rasterised with sharp. The same spec always gives the
 * same bytes.
 */
export interface PortraitSpec { seed: number; gender: Gender; age: number; hair: HairColor; eyes: EyeColor; body: BodyType }

const W = 480;
const H = 600;
const CX = 240;
/** The square the `match` crop takes from the full picture: centred on the face. */
const MATCH_BOX = { left: 50, top: 70, size: 380 };
/** The figure is drawn around these coordinates, then scaled up about (CX, FIG_Y). */
const FIG_SCALE = 1.1;
const FIG_Y = 300;

// ---------------------------------------------------------------- colours

type RGB = [number, number, number];
const hex2rgb = (h: string): RGB => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const rgb2hex = (c: RGB) => '#' + c.map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('');
/** Mix a towards b by t (0..1). */
const mix = (a: string, b: string, t: number) => {
  const x = hex2rgb(a), y = hex2rgb(b);
  return rgb2hex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
};
const darken = (c: string, t: number) => mix(c, '#000000', t);
const lighten = (c: string, t: number) => mix(c, '#ffffff', t);

const BACKGROUNDS: [string, string][] = [
  ['#ffd6c9', '#ffeede'], ['#cde7f0', '#eef7fb'], ['#d8ecd6', '#f1f8ee'], ['#e6dcf5', '#f6f1fc'],
  ['#fbe3b8', '#fff4de'], ['#f7d0dc', '#fdeef2'], ['#c9e4de', '#ecf6f3'], ['#d6e0f5', '#f0f4fc'],
  ['#f3d9c4', '#fbf0e6'], ['#e2e8c0', '#f5f8e4'],
];
// Light to deep, weighted towards the lighter end of the range (the seeded countries are European).
const SKINS = ['#fbe0cf', '#f6d2bb', '#efc3a4', '#e6b38f', '#d9a078', '#c68862', '#a96b48', '#8a5237', '#6e3f2a'];
const SKIN_WEIGHTS = [10, 14, 14, 11, 7, 5, 4, 3, 2];
const HAIR: Record<Exclude<HairColor, 'bald'>, string[]> = {
  black: ['#231c1b', '#2e2422', '#1d1a1f'],
  brown: ['#5a3825', '#6e452b', '#4a2f22', '#7d5535'],
  blonde: ['#e2bf76', '#d6ac5e', '#ecd08f', '#c99b52'],
  red: ['#a8462a', '#b8582f', '#8f3b24'],
  grey: ['#bdbab6', '#cfccc8', '#a9a6a2', '#e2e0dc'],
};
const GREY = '#c9c6c1';
const EYES: Record<EyeColor, string> = {
  brown: '#6a4124', blue: '#3f7fc4', green: '#4e8d4f', grey: '#7f8d99', hazel: '#8f6a2e',
};
const CLOTHES = ['#2f5d8a', '#2a7f78', '#c4553f', '#d19a2e', '#6b4a8c', '#3f6e45', '#8a2f45', '#4b5563', '#3c7cb3', '#b5606e', '#1f3b57', '#7a8f3a'];
const LIPS = ['#c96a6a', '#b8565e', '#d77b78', '#a94d57'];

// ---------------------------------------------------------------- drawing helpers

const f = (n: number) => (Math.round(n * 10) / 10).toString();
const P = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;
const S = (d: string, stroke: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${f(width)}" stroke-linecap="round" stroke-linejoin="round"${extra ? ' ' + extra : ''}/>`;
const E = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;
const C = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;

/** A row of overlapping circles along a path of points: curls. */
const curls = (pts: [number, number][], r: number, fill: string) => pts.map(([x, y]) => C(x, y, r, fill)).join('');

type Rand = ReturnType<typeof rng>;

// ---------------------------------------------------------------- the portrait

interface Face {
  w: number;       // half width of the face at the cheekbones
  top: number;     // top of the skull
  chin: number;    // bottom of the chin
  jaw: number;     // 0 = pointed, 1 = square
  eyeY: number;
  eyeDX: number;
}

function faceGeometry(spec: PortraitSpec, r: Rand): Face {
  const male = spec.gender === 'male';
  const bodyW = spec.body === 'fat' ? 9 : spec.body === 'slim' ? -4 : 0;
  const w = (male ? 90 : 84) + bodyW + r.int(-3, 3);
  return {
    w,
    top: 148 + r.int(-3, 3),
    chin: (male ? 372 : 364) + (spec.body === 'fat' ? 4 : 0) + r.int(-4, 4),
    jaw: (male ? 0.62 : 0.42) + (spec.body === 'fat' ? 0.15 : 0) + r.next() * 0.1,
    eyeY: 262 + r.int(-2, 2),
    eyeDX: 35 + r.int(-1, 2),
  };
}

function facePath(g: Face) {
  const { w, top, chin, jaw } = g;
  const cheek = 250;
  return `M${CX},${top} C${f(CX + w * 0.6)},${top} ${f(CX + w)},${top + 40} ${f(CX + w)},${cheek}`
    + ` C${f(CX + w)},${f(cheek + 55)} ${f(CX + w * jaw)},${chin - 4} ${CX},${chin}`
    + ` C${f(CX - w * jaw)},${chin - 4} ${f(CX - w)},${f(cheek + 55)} ${f(CX - w)},${cheek}`
    + ` C${f(CX - w)},${top + 40} ${f(CX - w * 0.6)},${top} ${CX},${top} Z`;
}

type HairStyle = 'short' | 'sidepart' | 'quiff' | 'curly' | 'buzz' | 'long' | 'bob' | 'bun' | 'curlylong' | 'pixie' | 'wavy';

function chooseStyle(spec: PortraitSpec, r: Rand): HairStyle | null {
  if (spec.hair === 'bald') return null;
  if (spec.gender === 'male') {
    const styles: HairStyle[] = spec.age > 55 ? ['short', 'sidepart', 'sidepart', 'buzz', 'curly'] : ['short', 'sidepart', 'quiff', 'curly', 'buzz'];
    return r.pick(styles);
  }
  const styles: HairStyle[] = spec.age > 55 ? ['bob', 'pixie', 'bob', 'wavy', 'bun', 'long'] : ['long', 'long', 'wavy', 'bob', 'bun', 'curlylong', 'pixie'];
  return r.pick(styles);
}

/** Hair drawn behind the head (long styles) and in front of it (the cap and fringe). */
function hairShapes(style: HairStyle, g: Face, color: string, r: Rand): { back: string; front: string; coversEars: boolean } {
  const { w, top } = g;
  const L = CX - w, R = CX + w;
  const shade = darken(color, 0.18);
  const hl = lighten(color, 0.18);
  // The basic cap: follows the skull from temple to temple, with a hairline across the forehead.
  const cap = (hairline: number, lift: number, temple = 236) =>
    `M${f(L - 5)},${temple} C${f(L - 10)},${top - 10 - lift} ${f(CX - w * 0.4)},${top - 22 - lift} ${CX},${top - 22 - lift}`
    + ` C${f(CX + w * 0.4)},${top - 22 - lift} ${f(R + 10)},${top - 10 - lift} ${f(R + 5)},${temple}`
    + ` L${f(R - 6)},${temple} C${f(R - 8)},${hairline + 14} ${f(R - 24)},${hairline} ${f(CX + w * 0.45)},${hairline}`
    + ` C${f(CX + w * 0.1)},${hairline + 4} ${f(CX - w * 0.2)},${hairline - 2} ${f(CX - w * 0.5)},${hairline + 2}`
    + ` C${f(L + 20)},${hairline + 4} ${f(L + 8)},${hairline + 16} ${f(L + 6)},${temple} Z`;
  switch (style) {
    case 'buzz': {
      const hairline = top + 40;
      return { back: '', front: P(cap(hairline, -10, 230), color, 'opacity="0.78"'), coversEars: false };
    }
    case 'short': {
      const hairline = top + 36 + r.int(-4, 4);
      const fringe = S(`M${f(CX - w * 0.5)},${hairline + 2} q 16,-4 28,6 M${f(CX - 4)},${hairline + 1} q 14,-6 26,4`, shade, 4, 'opacity="0.7"');
      return { back: '', front: P(cap(hairline, 2), color) + fringe, coversEars: false };
    }
    case 'sidepart': {
      const hairline = top + 38;
      const partX = CX - w * 0.42;
      // Swept from a part on the left over to the right, with a soft wave above the forehead.
      const sweep = `M${f(partX)},${top - 18} C${f(CX + 10)},${top - 26} ${f(R + 12)},${top - 6} ${f(R + 6)},${top + 50}`
        + ` C${f(R - 16)},${top + 22} ${f(CX + 10)},${hairline - 4} ${f(CX - w * 0.3)},${hairline + 4}`
        + ` C${f(partX - 4)},${hairline - 10} ${f(partX - 8)},${top + 4} ${f(partX)},${top - 18} Z`;
      return {
        back: '',
        front: P(cap(hairline, 4), color) + P(sweep, hl, 'opacity="0.45"') + S(`M${f(partX)},${top - 16} C${f(partX + 2)},${top} ${f(partX + 4)},${top + 14} ${f(partX + 2)},${top + 26}`, shade, 3),
        coversEars: false,
      };
    }
    case 'quiff': {
      const hairline = top + 38;
      const quiff = `M${f(CX - w * 0.7)},${top + 4} C${f(CX - w * 0.6)},${top - 46} ${f(CX + w * 0.5)},${top - 58} ${f(CX + w * 0.85)},${top - 8}`
        + ` C${f(CX + w * 0.4)},${top - 20} ${f(CX - w * 0.2)},${top - 14} ${f(CX - w * 0.7)},${top + 4} Z`;
      return { back: '', front: P(cap(hairline, 6), color) + P(quiff, color) + S(`M${f(CX - w * 0.4)},${top - 20} C${f(CX)},${top - 44} ${f(CX + w * 0.4)},${top - 40} ${f(CX + w * 0.6)},${top - 22}`, hl, 4, 'opacity="0.5"'), coversEars: false };
    }
    case 'curly': {
      const hairline = top + 34;
      const pts: [number, number][] = [];
      for (let i = 0; i <= 10; i++) {
        const a = Math.PI * (1.02 + i * 0.096);
        pts.push([CX + Math.cos(a) * (w + 4), top + 74 + Math.sin(a) * 92]);
      }
      for (let i = 0; i < 6; i++) pts.push([CX - w * 0.6 + i * w * 0.24, hairline + (i % 2 ? -6 : 0)]);
      return { back: '', front: P(cap(hairline, 8), color) + curls(pts, 19, color) + curls(pts.slice(0, 11).map(([x, y]) => [x + 5, y - 5]), 9, hl).replace(/<circle/g, '<circle opacity="0.25"'), coversEars: false };
    }
    case 'pixie': {
      // Short all round, with a long fringe swept from a left parting down to the right temple.
      const fringe = `M${f(L - 2)},${top + 56} C${f(L - 8)},${top + 4} ${f(CX - 24)},${top - 26} ${f(CX + 16)},${top - 24}`
        + ` C${f(R + 8)},${top - 18} ${f(R + 16)},${top + 50} ${f(R + 4)},${top + 96}`
        + ` C${f(R - 10)},${top + 74} ${f(R - 30)},${top + 58} ${f(CX + w * 0.2)},${top + 48}`
        + ` C${f(CX - w * 0.2)},${top + 38} ${f(L + 16)},${top + 34} ${f(L - 2)},${top + 56} Z`;
      const strands = S(`M${f(CX - w * 0.35)},${top - 8} C${f(CX + 10)},${top} ${f(R - 14)},${top + 30} ${f(R - 2)},${top + 80}`, hl, 3.5, 'opacity="0.5"')
        + S(`M${f(CX - w * 0.1)},${top + 18} C${f(CX + 24)},${top + 24} ${f(R - 26)},${top + 40} ${f(R - 10)},${top + 70}`, shade, 3, 'opacity="0.7"');
      const tufts = [-1, 1].map((side) => P(`M${f(CX + side * (w + 6))},${top + 70} L${f(CX + side * (w - 2))},${top + 112} L${f(CX + side * (w - 8))},${top + 70} Z`, color)).join('');
      return { back: '', front: P(cap(top + 30, 4, top + 80), color) + tufts + P(fringe, color) + strands, coversEars: false };
    }
    case 'bun': {
      const hairline = top + 34;
      const bunY = top - 34;
      return {
        back: C(CX, bunY, 40, color) + S(`M${CX - 22},${bunY - 14} q 22,-16 44,0`, hl, 4, 'opacity="0.5"'),
        front: P(cap(hairline, 2, 248), color) + S(`M${f(CX - w * 0.5)},${top - 6} C${f(CX - 20)},${top - 18} ${f(CX + 20)},${top - 18} ${f(CX + w * 0.5)},${top - 6}`, hl, 4, 'opacity="0.45"'),
        coversEars: false,
      };
    }
    case 'bob': {
      const bottom = g.chin - 18 + r.int(-8, 8);
      const back = `M${f(L - 24)},${bottom} C${f(L - 36)},${top + 40} ${f(CX - w * 0.5)},${top - 30} ${CX},${top - 30}`
        + ` C${f(CX + w * 0.5)},${top - 30} ${f(R + 36)},${top + 40} ${f(R + 24)},${bottom}`
        + ` C${f(R + 4)},${bottom + 10} ${f(R - 10)},${bottom + 6} ${f(R - 14)},${bottom - 2} L${f(L + 14)},${bottom - 2}`
        + ` C${f(L + 10)},${bottom + 6} ${f(L - 4)},${bottom + 10} ${f(L - 24)},${bottom} Z`;
      const fringeY = top + 66;
      const front = `M${f(L - 10)},${top + 90} C${f(L - 14)},${top - 6} ${f(CX - w * 0.4)},${top - 24} ${CX},${top - 24}`
        + ` C${f(CX + w * 0.4)},${top - 24} ${f(R + 14)},${top - 6} ${f(R + 10)},${top + 90}`
        + ` L${f(R - 6)},${top + 90} C${f(R - 8)},${fringeY} ${f(CX + w * 0.5)},${fringeY + 2} ${CX},${fringeY - 2}`
        + ` C${f(CX - w * 0.5)},${fringeY + 2} ${f(L + 8)},${fringeY} ${f(L + 6)},${top + 90} Z`;
      // Side sections falling past the cheeks to the jaw.
      const sideL = `M${f(L - 14)},${top + 60} L${f(L + 8)},${top + 70} C${f(L + 6)},${bottom - 40} ${f(L + 12)},${bottom - 10} ${f(L + 16)},${bottom - 2} L${f(L - 22)},${bottom} Z`;
      const sideR = `M${f(R + 14)},${top + 60} L${f(R - 8)},${top + 70} C${f(R - 6)},${bottom - 40} ${f(R - 12)},${bottom - 10} ${f(R - 16)},${bottom - 2} L${f(R + 22)},${bottom} Z`;
      return {
        back: P(back, shade),
        front: P(front, color) + P(sideL, color) + P(sideR, color)
          + S(`M${f(CX - w * 0.7)},${top + 10} C${f(CX - 20)},${top - 14} ${f(CX + 20)},${top - 14} ${f(CX + w * 0.7)},${top + 10}`, hl, 5, 'opacity="0.4"'),
        coversEars: true,
      };
    }
    case 'long':
    case 'wavy':
    case 'curlylong': {
      const bottom = 470 + r.int(-20, 30);
      const wave = style === 'wavy' ? 14 : style === 'curlylong' ? 0 : 4;
      const back = `M${f(L - 26)},${bottom} C${f(L - 30 - wave)},${bottom - 80} ${f(L - 44 + wave)},${top + 120} ${f(L - 34)},${top + 40}`
        + ` C${f(L - 20)},${top - 24} ${f(CX - w * 0.4)},${top - 32} ${CX},${top - 32}`
        + ` C${f(CX + w * 0.4)},${top - 32} ${f(R + 20)},${top - 24} ${f(R + 34)},${top + 40}`
        + ` C${f(R + 44 - wave)},${top + 120} ${f(R + 30 + wave)},${bottom - 80} ${f(R + 26)},${bottom}`
        + ` C${f(R + 10)},${bottom + 12} ${f(R - 20)},${bottom + 8} ${f(R - 34)},${bottom - 6}`
        + ` L${f(L + 34)},${bottom - 6} C${f(L + 20)},${bottom + 8} ${f(L - 10)},${bottom + 12} ${f(L - 26)},${bottom} Z`;
      let backShapes = P(back, shade);
      if (style === 'curlylong') {
        const pts: [number, number][] = [];
        let k = 0;
        for (let y = top + 10; y < bottom; y += 26, k++) {
          const spread = (y < top + 80 ? (y - top) * 0.5 : 40) + (k % 2 ? 10 : 0);
          pts.push([L - spread + 8, y], [R + spread - 8, y]);
        }
        for (let i = 0; i < 7; i++) pts.push([L - 30 + i * ((2 * w + 60) / 6), bottom - 4 + (i % 2) * 8]);
        backShapes += curls(pts, 24, shade);
      }
      // Parted off-centre; two front sections frame the face down to the jaw or beyond.
      const part = CX + (r.chance(0.5) ? -1 : 1) * w * (0.15 + r.next() * 0.2);
      const sideBottom = Math.min(bottom - 20, g.chin + 40);
      const front = `M${f(L - 18)},${sideBottom} C${f(L - 24)},${top + 100} ${f(L - 24)},${top - 20} ${f(part)},${top - 24}`
        + ` C${f(R + 24)},${top - 20} ${f(R + 24)},${top + 100} ${f(R + 18)},${sideBottom}`
        + ` C${f(R + 4)},${sideBottom - 20} ${f(R - 4)},${top + 140} ${f(R - 10)},${top + 90}`
        + ` C${f(R - 14)},${top + 50} ${f(part + (R - part) * 0.5)},${top + 40} ${f(part)},${top + 14}`
        + ` C${f(part - (part - L) * 0.5)},${top + 40} ${f(L + 14)},${top + 50} ${f(L + 10)},${top + 90}`
        + ` C${f(L + 4)},${top + 140} ${f(L - 4)},${sideBottom - 20} ${f(L - 18)},${sideBottom} Z`;
      let frontShapes = P(front, color)
        + S(`M${f(part)},${top - 18} C${f(part + (R - part) * 0.5)},${top - 10} ${f(R + 8)},${top + 40} ${f(R + 10)},${top + 110}`, hl, 4, 'opacity="0.45"')
        + S(`M${f(part)},${top - 18} C${f(part - (part - L) * 0.5)},${top - 10} ${f(L - 8)},${top + 40} ${f(L - 10)},${top + 110}`, hl, 3, 'opacity="0.3"');
      if (style === 'curlylong') {
        const pts: [number, number][] = [];
        let k = 0;
        for (let y = top + 40; y < sideBottom; y += 24, k++) pts.push([L - 4 - (k % 2) * 10, y], [R + 4 + (k % 2) * 10, y]);
        frontShapes += curls(pts, 14, color);
      }
      return { back: backShapes, front: frontShapes, coversEars: true };
    }
  }
}

/** The SVG source of one portrait; `size` only changes the rendered size (the drawing is 480x600). */
export function portraitSvg(spec: PortraitSpec, size: { width: number; height: number } = { width: W, height: H }): string {
  const r = rng((spec.seed * 2654435761 + 0x9e3779b9) >>> 0);
  const male = spec.gender === 'male';
  const age = Math.max(18, Math.min(90, spec.age));
  const aged = Math.max(0, Math.min(1, (age - 38) / 35)); // 0 below ~38, 1 at ~73+

  // Palette
  const [bg1, bg2] = r.pick(BACKGROUNDS);
  const skin = r.weighted(SKINS, (s) => SKIN_WEIGHTS[SKINS.indexOf(s)]);
  const skinShade = darken(skin, 0.12);
  const skinDeep = darken(skin, 0.3);
  const deepSkin = SKINS.indexOf(skin) >= 5;
  const blush = mix(skin, '#e0707a', deepSkin ? 0.3 : 0.5);
  let hair = spec.hair === 'bald' ? GREY : r.pick(HAIR[spec.hair]);
  // Greying with age (not for explicitly grey hair, which is already grey).
  if (spec.hair !== 'grey' && spec.hair !== 'bald' && age > 45) hair = mix(hair, GREY, Math.min(0.45, (age - 45) / 60));
  let brow = spec.hair === 'bald' ? mix(darken(skin, 0.55), GREY, aged * 0.6) : spec.hair === 'grey' ? darken(hair, 0.25) : darken(hair, spec.hair === 'blonde' ? 0.3 : 0.12);
  if (deepSkin && spec.hair !== 'grey') brow = mix(brow, darken(skin, 0.6), 0.6); // keep brows visible on deep skin
  const cloth = r.pick(CLOTHES);
  const clothShade = darken(cloth, 0.2);
  const lip = male ? mix(skin, '#a8575a', 0.45) : r.pick(LIPS);

  const g = faceGeometry(spec, r);
  const style = chooseStyle(spec, r);
  const hairParts = style ? hairShapes(style, g, hair, r) : { back: '', front: '', coversEars: false };

  // Accessories and features decided by the seed.
  const glasses = r.chance(0.12 + aged * 0.45);
  const glassesRound = r.chance(0.5);
  const beard = male && spec.age >= 20 ? r.weighted(['none', 'stubble', 'full', 'moustache', 'goatee'] as const, (b) => ({ none: 9, stubble: 4, full: 4, moustache: 1.5, goatee: 1.5 }[b])) : 'none';
  const earrings = !male && r.chance(0.55);
  const necklace = !male && r.chance(0.35);
  const neckline = r.pick(['crew', 'v', 'collar'] as const);
  const smileOpen = r.chance(0.5);
  const circle = r.pick([[90, 110], [400, 120], [380, 90], [110, 80]] as const);

  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">`);
  out.push(`<defs><linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient>`
    + `<linearGradient id="neck" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skinDeep}"/><stop offset="0.45" stop-color="${skinShade}"/><stop offset="1" stop-color="${skin}"/></linearGradient></defs>`);

  // Background with two soft discs.
  out.push(`<rect width="${W}" height="${H}" fill="url(#bg)"/>`);
  out.push(C(circle[0], circle[1], 120, '#ffffff', 'opacity="0.35"'));
  out.push(C(W - circle[0], H - 60, 150, darken(bg1, 0.05), 'opacity="0.35"'));
  // The figure, slightly enlarged so the head fills the frame.
  out.push(`<g transform="translate(${CX} ${FIG_Y}) scale(${FIG_SCALE}) translate(${-CX} ${-FIG_Y})">`);

  // Shoulders and clothing.
  const sw = { slim: 150, normal: 178, fat: 212 }[spec.body] + (male ? 8 : -6);
  const nw = { slim: 34, normal: 38, fat: 47 }[spec.body] + (male ? 5 : -1);
  const shoulderTop = 428 + (spec.body === 'fat' ? -4 : 0);
  const body = `M${CX - sw - 30},${H} C${CX - sw - 20},${H - 70} ${CX - sw},${shoulderTop + 40} ${CX - sw * 0.72},${shoulderTop + 6}`
    + ` C${CX - sw * 0.45},${shoulderTop - 8} ${CX - nw - 22},${shoulderTop - 14} ${CX - nw},${shoulderTop - 20}`
    + ` L${CX + nw},${shoulderTop - 20} C${CX + nw + 22},${shoulderTop - 14} ${CX + sw * 0.45},${shoulderTop - 8} ${CX + sw * 0.72},${shoulderTop + 6}`
    + ` C${CX + sw},${shoulderTop + 40} ${CX + sw + 20},${H - 70} ${CX + sw + 30},${H} Z`;
  out.push(P(body, cloth));
  // Arm creases / fold shading.
  out.push(S(`M${CX - sw * 0.78},${H} C${CX - sw * 0.8},${H - 60} ${CX - sw * 0.76},${shoulderTop + 70} ${CX - sw * 0.7},${shoulderTop + 40}`, clothShade, 4, 'opacity="0.6"'));
  out.push(S(`M${CX + sw * 0.78},${H} C${CX + sw * 0.8},${H - 60} ${CX + sw * 0.76},${shoulderTop + 70} ${CX + sw * 0.7},${shoulderTop + 40}`, clothShade, 4, 'opacity="0.6"'));

  // Long hair hangs behind the neck but over the shoulders.
  out.push(hairParts.back);

  // Neck, shaded under the chin.
  const neckTop = g.chin - 40;
  out.push(P(`M${CX - nw},${neckTop} L${CX - nw},${shoulderTop - 14} C${CX - nw},${shoulderTop + 4} ${CX + nw},${shoulderTop + 4} ${CX + nw},${shoulderTop - 14} L${CX + nw},${neckTop} Z`, 'url(#neck)'));

  // Neckline.
  if (neckline === 'v') {
    out.push(P(`M${CX - nw - 6},${shoulderTop - 20} L${CX},${shoulderTop + 44} L${CX + nw + 6},${shoulderTop - 20} Z`, skin));
    out.push(S(`M${CX - nw - 8},${shoulderTop - 20} L${CX},${shoulderTop + 46} L${CX + nw + 8},${shoulderTop - 20}`, clothShade, 6));
  } else if (neckline === 'crew') {
    out.push(P(`M${CX - nw - 4},${shoulderTop - 20} C${CX - nw},${shoulderTop + 8} ${CX + nw},${shoulderTop + 8} ${CX + nw + 4},${shoulderTop - 20} Z`, skin));
    out.push(S(`M${CX - nw - 6},${shoulderTop - 20} C${CX - nw},${shoulderTop + 10} ${CX + nw},${shoulderTop + 10} ${CX + nw + 6},${shoulderTop - 20}`, clothShade, 7));
  } else {
    const collar = lighten(cloth, 0.75);
    out.push(P(`M${CX - nw - 2},${shoulderTop - 20} L${CX},${shoulderTop + 30} L${CX + nw + 2},${shoulderTop - 20} Z`, skin));
    out.push(P(`M${CX - nw - 8},${shoulderTop - 26} L${CX - 4},${shoulderTop + 30} L${CX - nw - 26},${shoulderTop + 22} Z`, collar));
    out.push(P(`M${CX + nw + 8},${shoulderTop - 26} L${CX + 4},${shoulderTop + 30} L${CX + nw + 26},${shoulderTop + 22} Z`, collar));
    out.push(S(`M${CX},${shoulderTop + 34} L${CX},${H}`, clothShade, 3, 'opacity="0.6"'));
    for (let y = shoulderTop + 60; y < H; y += 50) out.push(C(CX + 7, y, 3.5, collar));
  }
  if (necklace) {
    out.push(S(`M${CX - nw + 2},${shoulderTop - 14} C${CX - nw + 8},${shoulderTop + 24} ${CX + nw - 8},${shoulderTop + 24} ${CX + nw - 2},${shoulderTop - 14}`, '#e8c76a', 2.5));
    out.push(C(CX, shoulderTop + 16, 5, '#e8c76a'));
  }

  // Ears.
  const earY = g.eyeY + 14;
  for (const side of [-1, 1]) {
    const ex = CX + side * (g.w + 2);
    out.push(E(ex, earY, 13, 22, skin));
    out.push(S(`M${ex + side * 2},${earY - 12} C${ex + side * 8},${earY - 6} ${ex + side * 6},${earY + 8} ${ex},${earY + 12}`, skinShade, 3));
  }

  // Face.
  out.push(P(facePath(g), skin));
  if (spec.body === 'fat') {
    out.push(S(`M${CX - 30},${g.chin + 6} C${CX - 14},${g.chin + 14} ${CX + 14},${g.chin + 14} ${CX + 30},${g.chin + 6}`, skinShade, 3, 'opacity="0.8"'));
  }
  // Cheeks.
  const blushOpacity = deepSkin ? 'opacity="0.22"' : 'opacity="0.35"';
  out.push(E(CX - g.eyeDX - 16, g.eyeY + 38, 18, 12, blush, blushOpacity));
  out.push(E(CX + g.eyeDX + 16, g.eyeY + 38, 18, 12, blush, blushOpacity));

  // Beard sits on the face, under the mouth and nose.
  const mouthY = g.eyeY + 66;
  if (beard !== 'none') {
    const bc = mix(hair, darken(skin, 0.5), spec.hair === 'bald' ? 0.4 : 0);
    const stubble = mix(darken(skin, 0.5), hair, 0.3);
    const { w, chin } = g;
    const outer = `M${f(CX - w + 1)},${g.eyeY + 4} C${f(CX - w)},${g.eyeY + 70} ${f(CX - w * g.jaw - 6)},${chin + 12} ${CX},${chin + 14}`
      + ` C${f(CX + w * g.jaw + 6)},${chin + 12} ${f(CX + w)},${g.eyeY + 70} ${f(CX + w - 1)},${g.eyeY + 4}`;
    // Inner edge: down from the sideburns to the corners of the mouth, leaving the cheeks bare.
    const inner = ` L${f(CX + w - 12)},${g.eyeY + 6} C${f(CX + w - 16)},${g.eyeY + 40} ${CX + 44},${mouthY - 4} ${CX + 30},${mouthY - 6}`
      + ` C${CX + 20},${mouthY - 18} ${CX - 20},${mouthY - 18} ${CX - 30},${mouthY - 6}`
      + ` C${CX - 44},${mouthY - 4} ${f(CX - w + 16)},${g.eyeY + 40} ${f(CX - w + 12)},${g.eyeY + 6} Z`;
    if (beard === 'stubble') out.push(`<clipPath id="face"><path d="${facePath(g)}"/></clipPath>` + P(outer + inner, stubble, 'opacity="0.3" clip-path="url(#face)"'));
    if (beard === 'full') out.push(P(outer + inner, bc));
    if (beard === 'goatee') out.push(P(`M${CX - 26},${mouthY + 10} C${CX - 26},${g.chin + 6} ${CX + 26},${g.chin + 6} ${CX + 26},${mouthY + 10} C${CX + 14},${mouthY + 16} ${CX - 14},${mouthY + 16} ${CX - 26},${mouthY + 10} Z`, bc));
    if (beard === 'full' || beard === 'moustache' || beard === 'goatee') {
      out.push(P(`M${CX - 32},${mouthY - 2} C${CX - 26},${mouthY - 20} ${CX - 8},${mouthY - 20} ${CX},${mouthY - 14} C${CX + 8},${mouthY - 20} ${CX + 26},${mouthY - 20} ${CX + 32},${mouthY - 2} C${CX + 20},${mouthY - 8} ${CX - 20},${mouthY - 8} ${CX - 32},${mouthY - 2} Z`, darken(bc, 0.05)));
    }
  }

  // Age lines.
  if (age >= 42) {
    const a = Math.min(0.55, 0.2 + (age - 42) / 60);
    const lineC = skinDeep;
    out.push(S(`M${CX - 26},${mouthY - 34} C${CX - 38},${mouthY - 20} ${CX - 40},${mouthY - 6} ${CX - 34},${mouthY + 6}`, lineC, 2.5, `opacity="${f(a)}"`));
    out.push(S(`M${CX + 26},${mouthY - 34} C${CX + 38},${mouthY - 20} ${CX + 40},${mouthY - 6} ${CX + 34},${mouthY + 6}`, lineC, 2.5, `opacity="${f(a)}"`));
    if (age >= 50) {
      for (let i = 0; i < (age >= 62 ? 3 : 2); i++) {
        const y = g.top + 52 + i * 11;
        out.push(S(`M${CX - 36 + i * 4},${y} C${CX - 12},${y - 5} ${CX + 12},${y - 5} ${CX + 36 - i * 4},${y}`, lineC, 2, `opacity="${f(a * 0.8)}"`));
      }
      for (const side of [-1, 1]) {
        const x = CX + side * (g.eyeDX + 22);
        out.push(S(`M${x},${g.eyeY - 4} l${side * 9},-4 M${x + side},${g.eyeY + 2} l${side * 10},1 M${x},${g.eyeY + 8} l${side * 8},5`, lineC, 1.8, `opacity="${f(a)}"`));
      }
    }
    if (age >= 58) {
      for (const side of [-1, 1]) {
        const x = CX + side * g.eyeDX;
        out.push(S(`M${x - 12},${g.eyeY + 14} C${x - 4},${g.eyeY + 20} ${x + 4},${g.eyeY + 20} ${x + 12},${g.eyeY + 14}`, lineC, 1.8, `opacity="${f(a * 0.8)}"`));
      }
    }
  }

  // Eyes.
  const iris = EYES[spec.eyes];
  const eyeRx = male ? 13 : 14.5;
  const eyeRy = male ? 8.5 : 10;
  for (const side of [-1, 1]) {
    const x = CX + side * g.eyeDX;
    const y = g.eyeY;
    out.push(E(x, y, eyeRx, eyeRy, '#fbfaf7'));
    out.push(C(x + side * 0.5, y + 0.5, 7.5, iris));
    out.push(C(x + side * 0.5, y + 0.5, 7.5, 'none', `stroke="${darken(iris, 0.35)}" stroke-width="1.5"`));
    out.push(C(x + side * 0.5, y + 0.5, 3.6, '#1b1b1f'));
    out.push(C(x + 3, y - 2.5, 2.2, '#ffffff'));
    // Upper lid.
    out.push(S(`M${x - eyeRx - 1},${y + 1} C${x - eyeRx * 0.5},${y - eyeRy - 3} ${x + eyeRx * 0.5},${y - eyeRy - 3} ${x + eyeRx + 1},${y + 1}`, male ? darken(skin, 0.45) : '#2a2224', male ? 2.5 : 3.5));
    if (!male) {
      const ox = x + side * eyeRx;
      out.push(S(`M${ox},${y - 1} l${side * 6},-5 M${ox - side * 4},${y - 6} l${side * 4},-6`, '#2a2224', 2));
    }
    // Eyebrow.
    const by = y - 24 - (male ? 0 : 3);
    const bx1 = x - side * 16, bx2 = x + side * 18;
    out.push(S(`M${bx1},${by + 4} C${x - side * 6},${by - 5} ${x + side * 8},${by - 6} ${bx2},${by + 1}`, brow, male ? 6.5 : 4.5));
  }

  // Nose.
  const noseY = g.eyeY + 38;
  out.push(S(`M${CX + 3},${g.eyeY + 6} C${CX + 6},${noseY - 14} ${CX + 12},${noseY - 4} ${CX + 6},${noseY + 2}`, skinDeep, 3, 'opacity="0.55"'));
  out.push(S(`M${CX - 10},${noseY} C${CX - 6},${noseY + 5} ${CX + 2},${noseY + 6} ${CX + 8},${noseY + 1}`, skinDeep, 3, 'opacity="0.7"'));

  // Mouth.
  const mw = male ? 22 : 20;
  if (smileOpen) {
    out.push(P(`M${CX - mw},${mouthY} C${CX - mw * 0.5},${mouthY + 4} ${CX + mw * 0.5},${mouthY + 4} ${CX + mw},${mouthY} C${CX + mw * 0.6},${mouthY + 22} ${CX - mw * 0.6},${mouthY + 22} ${CX - mw},${mouthY} Z`, '#7a2f36'));
    out.push(P(`M${CX - mw + 4},${mouthY + 2} C${CX - mw * 0.4},${mouthY + 5} ${CX + mw * 0.4},${mouthY + 5} ${CX + mw - 4},${mouthY + 2} L${CX + mw - 7},${mouthY + 7} C${CX},${mouthY + 10} ${CX},${mouthY + 10} ${CX - mw + 7},${mouthY + 7} Z`, '#ffffff'));
    if (!male) out.push(S(`M${CX - mw},${mouthY} C${CX - mw * 0.6},${mouthY + 22} ${CX + mw * 0.6},${mouthY + 22} ${CX + mw},${mouthY}`, lip, 4));
  } else if (!male) {
    out.push(P(`M${CX - mw},${mouthY + 2} C${CX - 8},${mouthY - 8} ${CX - 2},${mouthY - 4} ${CX},${mouthY - 2} C${CX + 2},${mouthY - 4} ${CX + 8},${mouthY - 8} ${CX + mw},${mouthY + 2} C${CX + 8},${mouthY + 16} ${CX - 8},${mouthY + 16} ${CX - mw},${mouthY + 2} Z`, lip));
    out.push(S(`M${CX - mw + 2},${mouthY + 2} C${CX - 6},${mouthY + 7} ${CX + 6},${mouthY + 7} ${CX + mw - 2},${mouthY + 2}`, darken(lip, 0.35), 2));
  } else {
    out.push(S(`M${CX - mw},${mouthY} C${CX - mw * 0.4},${mouthY + 12} ${CX + mw * 0.4},${mouthY + 12} ${CX + mw},${mouthY}`, darken(lip, 0.25), 4));
    out.push(S(`M${CX - 8},${mouthY + 16} C${CX - 3},${mouthY + 18} ${CX + 3},${mouthY + 18} ${CX + 8},${mouthY + 16}`, skinShade, 3));
  }

  // Bald head: a soft highlight (and a little grey fringe at the back for older men).
  if (!style) {
    out.push(E(CX - 22, g.top + 34, 30, 14, '#ffffff', 'opacity="0.18" transform="rotate(-18 218 182)"'));
    if (age > 45) {
      for (const side of [-1, 1]) {
        out.push(P(`M${CX + side * (g.w + 4)},${g.eyeY - 34} C${CX + side * (g.w + 10)},${g.eyeY - 10} ${CX + side * (g.w + 8)},${g.eyeY + 4} ${CX + side * (g.w + 2)},${g.eyeY + 8} L${CX + side * (g.w - 6)},${g.eyeY - 2} C${CX + side * (g.w - 4)},${g.eyeY - 20} ${CX + side * (g.w - 4)},${g.eyeY - 30} ${CX + side * (g.w + 4)},${g.eyeY - 34} Z`, mix(GREY, darken(skin, 0.3), 0.2)));
      }
    }
  }

  // Front hair.
  out.push(hairParts.front);
  // Grey at the temples for the middle-aged.
  if (style && spec.hair !== 'grey' && age >= 46 && (male || style === 'pixie' || style === 'bun')) {
    const t = Math.min(0.85, 0.35 + (age - 46) / 40);
    for (const side of [-1, 1]) {
      out.push(P(`M${CX + side * (g.w + 5)},236 C${CX + side * (g.w + 8)},${g.top + 50} ${CX + side * (g.w - 4)},${g.top + 30} ${CX + side * (g.w - 14)},${g.top + 26} C${CX + side * (g.w - 8)},${g.top + 60} ${CX + side * (g.w - 6)},${g.top + 80} ${CX + side * (g.w - 6)},236 Z`, GREY, `opacity="${f(t)}"`));
    }
  }

  // Earrings.
  if (earrings && !hairParts.coversEars) {
    const kind = r.int(0, 1);
    for (const side of [-1, 1]) {
      const ex = CX + side * (g.w + 4);
      if (kind === 0) out.push(C(ex, earY + 24, 5, '#f2d27a', 'stroke="#c9a441" stroke-width="1.5"'));
      else out.push(C(ex, earY + 32, 9, 'none', 'stroke="#e6c25f" stroke-width="3"'));
    }
  } else if (earrings) {
    // Drops peeking out under long hair.
    for (const side of [-1, 1]) out.push(C(CX + side * (g.w - 2), earY + 30, 4.5, '#f2d27a', 'opacity="0.9"'));
  }

  // Glasses.
  if (glasses) {
    const frame = r.pick(['#2b2b30', '#6b3f22', '#7a1f2b', '#1f3a5f', '#8a8f96']);
    const gw = 21, gh = 16;
    for (const side of [-1, 1]) {
      const x = CX + side * g.eyeDX;
      const y = g.eyeY;
      if (glassesRound) out.push(C(x, y, 19, '#ffffff', `fill-opacity="0.12" stroke="${frame}" stroke-width="4"`));
      else out.push(`<rect x="${x - gw}" y="${y - gh}" width="${gw * 2}" height="${gh * 2}" rx="8" fill="#ffffff" fill-opacity="0.12" stroke="${frame}" stroke-width="4"/>`);
      const outer = glassesRound ? 19 : gw;
      out.push(S(`M${x + side * outer},${y - 4} L${CX + side * (g.w + 2)},${y - 8}`, frame, 3.5));
    }
    const inner = g.eyeDX - (glassesRound ? 19 : gw);
    out.push(S(`M${CX - inner},${g.eyeY - 4} C${CX - 4},${g.eyeY - 10} ${CX + 4},${g.eyeY - 10} ${CX + inner},${g.eyeY - 4}`, frame, 3.5));
  }

  out.push('</g></svg>');
  return out.join('');
}

/** Full (480x600), thumbnail (160x200) and square face crop (300x300) JPEGs of one portrait. */
export async function renderPortrait(spec: PortraitSpec): Promise<{ full: Buffer; thumb: Buffer; match: Buffer }> {
  // Rasterise once; derive the three files from the same pixels.
  const { data, info } = await sharp(Buffer.from(portraitSvg(spec))).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const jpeg = { quality: 80, mozjpeg: false, chromaSubsampling: '4:2:0' } as const;
  const [full, thumb, match] = await Promise.all([
    sharp(data, raw).jpeg(jpeg).toBuffer(),
    sharp(data, raw).resize(160, 200).jpeg(jpeg).toBuffer(),
    sharp(data, raw).extract({ left: MATCH_BOX.left, top: MATCH_BOX.top, width: MATCH_BOX.size, height: MATCH_BOX.size }).resize(300, 300).jpeg(jpeg).toBuffer(),
  ]);
  return { full, thumb, match };
}
