import { describe, expect, it } from 'vitest';
import { compactIban, groupIban, ibanLooksValid } from './iban.ts';

describe('iban', () => {
  it('groups what is typed in fours, upper case', () => {
    expect(groupIban('nl91abna0417164300')).toBe('NL91 ABNA 0417 1643 00');
    expect(groupIban('DE89 3704-0044 0532 0130 00')).toBe('DE89 3704 0044 0532 0130 00');
    expect(groupIban('NL91')).toBe('NL91');
    expect(compactIban(' nl91 abna ')).toBe('NL91ABNA');
  });

  it('accepts IBANs whose checksum holds and rejects typos', () => {
    expect(ibanLooksValid('NL91 ABNA 0417 1643 00')).toBe(true);
    expect(ibanLooksValid('DE89370400440532013000')).toBe(true);
    expect(ibanLooksValid('BE68 5390 0754 7034')).toBe(true);
    expect(ibanLooksValid('NL91 ABNA 0417 1643 01')).toBe(false);
    expect(ibanLooksValid('NL91')).toBe(false);
    expect(ibanLooksValid('1291ABNA0417164300')).toBe(false);
  });
});
