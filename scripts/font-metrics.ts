// Computes the fallback @font-face overrides of kernel/web/ui/fonts.css: size-adjust,
// ascent-override, descent-override and line-gap-override that make Arial (Liberation Sans has the
// same metrics) and DejaVu Sans take the space Open Sans will take, so text does not move when the
// web font arrives. Run: node --import tsx scripts/font-metrics.ts
//
// Widths are averaged over the characters of the texts in all 11 languages (what the site shows), weighted
// by how often each occurs. Open Sans and DejaVu are read from the font files (WOFF / TTF); Arial's
// advance widths are Helvetica's (Arial was drawn to its metrics), its vertical metrics those of
// ArialMT (ascent 1854, descent 434, line gap 67 per 2048 units).
import fs from 'node:fs';
import zlib from 'node:zlib';
import { LOCALES } from '../kernel/contract/locales.ts';
import { readTexts } from '../kernel/server/text-files.ts';

interface Metrics { upm: number; ascent: number; descent: number; lineGap: number; width: (c: string) => number | undefined }

function sfntTables(buf: Buffer): Map<string, Buffer> {
  const tables = new Map<string, Buffer>();
  if (buf.toString('latin1', 0, 4) === 'wOFF') {
    const n = buf.readUInt16BE(12);
    for (let i = 0; i < n; i++) {
      const e = 44 + i * 20;
      const tag = buf.toString('latin1', e, e + 4);
      const [off, comp, orig] = [buf.readUInt32BE(e + 4), buf.readUInt32BE(e + 8), buf.readUInt32BE(e + 12)];
      const raw = buf.subarray(off, off + comp);
      tables.set(tag, comp < orig ? zlib.inflateSync(raw) : raw);
    }
  } else {
    const n = buf.readUInt16BE(4);
    for (let i = 0; i < n; i++) {
      const e = 12 + i * 16;
      tables.set(buf.toString('latin1', e, e + 4), buf.subarray(buf.readUInt32BE(e + 8), buf.readUInt32BE(e + 8) + buf.readUInt32BE(e + 12)));
    }
  }
  return tables;
}

function readFont(file: string): Metrics {
  const t = sfntTables(fs.readFileSync(file));
  const head = t.get('head')!, hhea = t.get('hhea')!, hmtx = t.get('hmtx')!, cmap = t.get('cmap')!;
  const numH = hhea.readUInt16BE(34);
  // cmap: the Unicode BMP subtable (format 4).
  let sub = -1;
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const e = 4 + i * 8;
    const [pid, eid, off] = [cmap.readUInt16BE(e), cmap.readUInt16BE(e + 2), cmap.readUInt32BE(e + 4)];
    if (cmap.readUInt16BE(off) === 4 && (pid === 0 || (pid === 3 && eid === 1))) { sub = off; break; }
  }
  const segX2 = cmap.readUInt16BE(sub + 6);
  const ends = sub + 14, starts = ends + segX2 + 2, deltas = starts + segX2, ranges = deltas + segX2;
  const glyph = (code: number) => {
    for (let s = 0; s < segX2; s += 2) {
      if (cmap.readUInt16BE(ends + s) < code) continue;
      const start = cmap.readUInt16BE(starts + s);
      if (start > code) return 0;
      const delta = cmap.readInt16BE(deltas + s), ro = cmap.readUInt16BE(ranges + s);
      if (!ro) return (code + delta) & 0xffff;
      const g = cmap.readUInt16BE(ranges + s + ro + (code - start) * 2);
      return g ? (g + delta) & 0xffff : 0;
    }
    return 0;
  };
  return {
    upm: head.readUInt16BE(18),
    ascent: hhea.readInt16BE(4),
    descent: -hhea.readInt16BE(6),
    lineGap: hhea.readInt16BE(8),
    width: (c) => {
      const g = glyph(c.codePointAt(0)!);
      return g ? hmtx.readUInt16BE(4 * Math.min(g, numH - 1)) : undefined;
    },
  };
}

// Helvetica advance widths (1/1000 em), regular and bold; accented letters take their base letter's.
const helvetica = (bold: boolean): Metrics => {
  const lower = bold ? [556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500]
    : [556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500];
  const upper = bold ? [722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611]
    : [667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611];
  const other: Record<string, number> = bold
    ? { ' ': 278, '.': 278, ',': 278, ':': 333, ';': 333, '!': 333, '?': 611, "'": 238, '"': 474, '-': 333, '(': 333, ')': 333, '/': 278, '&': 722, '%': 889, '+': 584, '@': 975, '…': 1000, '’': 278, '‘': 278, '“': 500, '”': 500, '–': 556, '—': 1000, 'ø': 611, 'æ': 889, 'ß': 611, 'Ø': 778, 'Æ': 1000, 'ł': 278, 'Ł': 611, '€': 556, '{': 389, '}': 389, '#': 556, '*': 389, '_': 556, '=': 584, '<': 584, '>': 584 }
    : { ' ': 278, '.': 278, ',': 278, ':': 278, ';': 278, '!': 278, '?': 556, "'": 191, '"': 355, '-': 333, '(': 333, ')': 333, '/': 278, '&': 667, '%': 889, '+': 584, '@': 1015, '…': 1000, '’': 222, '‘': 222, '“': 333, '”': 333, '–': 556, '—': 1000, 'ø': 611, 'æ': 889, 'ß': 611, 'Ø': 778, 'Æ': 1000, 'ł': 222, 'Ł': 556, '€': 556, '{': 334, '}': 334, '#': 556, '*': 389, '_': 556, '=': 584, '<': 584, '>': 584 };
  return {
    upm: 2048, ascent: 1854, descent: 434, lineGap: 67,
    width: (c) => {
      if (other[c] !== undefined) return (other[c] * 2048) / 1000;
      const base = c.normalize('NFD')[0];
      if (/[0-9]/.test(base)) return (556 * 2048) / 1000;
      if (/[a-z]/.test(base)) return (lower[base.charCodeAt(0) - 97] * 2048) / 1000;
      if (/[A-Z]/.test(base)) return (upper[base.charCodeAt(0) - 65] * 2048) / 1000;
      return undefined;
    },
  };
};

// Character frequencies of the site's texts (values only, without placeholders).
const freq = new Map<string, number>();
const walk = (v: unknown): void => {
  if (typeof v === 'string') for (const c of v.replace(/\{\{?[^}]*\}\}?|<[^>]*>/g, '')) freq.set(c, (freq.get(c) ?? 0) + 1);
  else if (v && typeof v === 'object') Object.values(v).forEach(walk);
};
for (const l of LOCALES) walk(readTexts(l));

/** Average advance in em over the characters both fonts have. */
function avgWidths(a: Metrics, b: Metrics): [number, number] {
  let wa = 0, wb = 0;
  for (const [c, n] of freq) {
    const x = a.width(c), y = b.width(c);
    if (x === undefined || y === undefined) continue;
    wa += (n * x) / a.upm;
    wb += (n * y) / b.upm;
  }
  return [wa, wb];
}

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
const files = 'node_modules/@fontsource/open-sans/files';
for (const [weight, bold] of [[400, false], [700, true]] as const) {
  const open = readFont(`${files}/open-sans-latin-${weight}-normal.woff`);
  const fallbacks: [string, Metrics][] = [['Arial', helvetica(bold)]];
  const dejavu = `/usr/share/fonts/truetype/dejavu/DejaVuSans${bold ? '-Bold' : ''}.ttf`;
  if (fs.existsSync(dejavu)) fallbacks.push(['DejaVu Sans', readFont(dejavu)]);
  for (const [name, fb] of fallbacks) {
    const [wo, wf] = avgWidths(open, fb);
    const size = wo / wf;
    console.log(`${name} ${weight}: size-adjust: ${pct(size)}; ascent-override: ${pct(open.ascent / open.upm / size)}; ` +
      `descent-override: ${pct(open.descent / open.upm / size)}; line-gap-override: ${pct(open.lineGap / open.upm / size)};`);
  }
}
