import { describe, expect, it } from 'vitest';
import { isE164, normalisePhone, smsSegments } from './sms.ts';

describe('normalisePhone', () => {
  it.each([
    ['+31612345678', '+31612345678'],
    ['+31 6 12345678', '+31612345678'],
    ['+31 6-1234-5678', '+31612345678'],
    ['+31.6.12.34.56.78', '+31612345678'],
    ['0031612345678', '+31612345678'],
    ['0031 6 1234 5678', '+31612345678'],
    ['00 31 (6) 12 34 56 78', '+31612345678'],
    ['+31 (0)6 1234 5678', '+31612345678'],
    ['+49 (0) 151 2345 6789', '+4915123456789'],
    ['+1 (555) 010-0199', '+15550100199'],
    ['  +44 7700 900123  ', '+447700900123'],
    ['+4512345678', '+4512345678'], // 8 digits: the shortest E.164 we take
    ['+123456789012345', '+123456789012345'], // 15 digits: the longest
  ])('%j → %s', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'only spaces'],
    ['+', 'only a plus'],
    ['0612345678', 'national number: the country is unknown'],
    ['612345678', 'no international prefix'],
    ['+0612345678', 'country code 0'],
    ['000031612345678', '00 then another 0'],
    ['+1234567', '7 digits'],
    ['+1234567890123456', '16 digits'],
    ['+31 6 1234 5678 9012 3456 7890 1234 5678 9012 3456', 'overlong'],
    ['9'.repeat(10_000), 'very long'],
    ['+31 6 CALL ME', 'letters'],
    ['+31612345678x12', 'an extension'],
    ['+31 6 1234\n5678', 'a newline inside'],
    ['+31612345678\n', 'a trailing newline'],
    ['+31612345678\r\nBcc: x', 'header injection'],
    ['\t+31612345678', 'a tab'],
    ['+31612345678\u0000', 'a NUL'],
    ['+٣١٦١٢٣٤٥٦٧٨', 'Arabic-Indic digits'],
    ['+３１６１２３４５６７８', 'full-width digits'],
    ['＋31612345678', 'a full-width plus'],
    ['+31\u00a0612345678', 'a no-break space'],
  ])('%j is refused (%s)', (input) => {
    expect(normalisePhone(input)).toBeNull();
  });

  it.each([
    ['31+612345678', 'a plus in the middle'],
    ['++31612345678', 'two pluses'],
    ['+ +31612345678', 'a plus after a space'],
    ['+31 (6 12345678', 'an unclosed parenthesis'],
    ['+31 6) 12345678', 'a stray closing parenthesis'],
    ['+31 ((6)) 12345678', 'nested parentheses'],
    ['+31 () 612345678', 'empty parentheses'],
    ['+31 (-6) 12345678', 'a dash inside parentheses'],
    ['-', 'only a separator'],
    ['00', 'only the prefix'],
  ])('%j is refused (%s)', (input) => {
    expect(normalisePhone(input)).toBeNull();
  });

  it('refuses what is not a string at all (JSON from a client may be anything)', () => {
    expect(normalisePhone(31612345678 as unknown as string)).toBeNull();
    expect(normalisePhone(null as unknown as string)).toBeNull();
  });

  it('always answers valid E.164', () => {
    for (const input of ['+31 6 1234 5678', '0049 151 23456789', '+1 (555) 010-0199']) {
      expect(isE164(normalisePhone(input)!)).toBe(true);
    }
    expect(isE164('+31612345678\n')).toBe(false);
  });
});

describe('smsSegments', () => {
  it('counts GSM-7, its two-septet characters and UCS-2', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'gsm7', units: 161, segments: 2 });
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsSegments('Ærø, Ümlaut, prélèvement')).toMatchObject({ encoding: 'gsm7', segments: 1 });
    expect(smsSegments('ważny'.padEnd(70, 'x'))).toEqual({ encoding: 'ucs2', units: 70, segments: 1 });
    expect(smsSegments('ważny'.padEnd(71, 'x'))).toEqual({ encoding: 'ucs2', units: 71, segments: 2 });
    expect(smsSegments('😀')).toEqual({ encoding: 'ucs2', units: 2, segments: 1 });
  });
});
