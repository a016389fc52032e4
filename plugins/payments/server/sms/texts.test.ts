// The direct debit code SMS in every language: one message long, with the code and the site name.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { smsSegments } from './sms.ts';

const LANGUAGES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nl', 'no', 'pl', 'sv'] as const;
const codeText = (lng: string): string =>
  (JSON.parse(readFileSync(new URL(`../../locales/${lng}.json`, import.meta.url), 'utf8')) as { sms?: { code?: string } }).sms?.code ?? '';
// The longest site name we plan for (20 characters) and a 6-digit code.
const SITE = 'Flirtsite Nederland1';
const render = (text: string) => text.replace(/\{\{code\}\}/g, '123456').replace(/\{\{site\}\}/g, SITE);

describe('SMS texts', () => {
  it.each(LANGUAGES)('%s: has the code and the site, and nothing else to fill in', (lng) => {
    const text = codeText(lng);
    expect(text).toContain('{{code}}');
    expect(text).toContain('{{site}}');
    expect(render(text)).not.toMatch(/\{\{|\}\}/);
  });

  it.each(LANGUAGES)('%s: stays under 160 characters with a 6-digit code and a 20-character site name', (lng) => {
    expect(SITE).toHaveLength(20);
    expect([...render(codeText(lng))].length).toBeLessThan(160);
  });

  it.each(LANGUAGES.filter((l) => l !== 'es' && l !== 'pl'))('%s: is one GSM-7 message', (lng) => {
    expect(smsSegments(render(codeText(lng)))).toMatchObject({ encoding: 'gsm7', segments: 1 });
  });

  it.each(['es', 'pl'])('%s: needs UCS-2 (ó, ą, ł …), so at most two messages', (lng) => {
    expect(smsSegments(render(codeText(lng)))).toMatchObject({ encoding: 'ucs2', segments: 2 });
  });

  it('is translated, not English everywhere', () => {
    const english = codeText('en');
    for (const lng of LANGUAGES.filter((l) => l !== 'en')) expect(codeText(lng), lng).not.toBe(english);
  });
});
