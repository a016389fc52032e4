import { describe, expect, it } from 'vitest';
import { ageOn, birthdayIssues, nameIssues, sexualityOf, signupIssues, trackingFrom } from './contract.ts';

const today = new Date(Date.UTC(2026, 10, 21));

describe('signup rules (the same in browser and server)', () => {
  it('derives the sexuality from who one is and looks for', () => {
    expect(sexualityOf('male', ['female'])).toBe('hetero');
    expect(sexualityOf('female', ['male'])).toBe('hetero');
    expect(sexualityOf('male', ['male'])).toBe('gay');
    expect(sexualityOf('female', ['female'])).toBe('lesbian');
    expect(sexualityOf('female', ['male', 'female'])).toBe('bi');
  });

  it('computes ages and rejects dates that do not exist', () => {
    expect(ageOn('2008-11-21', today)).toBe(18);
    expect(ageOn('2008-11-22', today)).toBe(17);
    expect(ageOn('1990-02-30', today)).toBeNull();
    expect(ageOn('1990-2-3', today)).toBeNull();
  });

  it('asks for the date of birth, refuses minors and impossible dates', () => {
    expect(birthdayIssues(undefined, today)).toEqual([{ field: 'date_of_birth', code: 'dob_missing', params: { min_age: 18 } }]);
    expect(birthdayIssues('2010-01-01', today)[0].code).toBe('dob_too_young');
    expect(birthdayIssues('1900-01-01', today)[0].code).toBe('dob_invalid');
    expect(birthdayIssues('1990-04-31', today)[0].code).toBe('dob_invalid');
    expect(birthdayIssues('1990-04-30', today)).toEqual([]);
  });

  it('applies the username rules of the spec', () => {
    expect(nameIssues('@sunny', 'a@b.cd')[0].code).toBe('name_starts_with_at');
    expect(nameIssues('Sunny@Example.com', 'sunny@example.com')[0].code).toBe('name_equals_email');
    expect(nameIssues('ab', 'a@b.cd')[0].code).toBe('name_invalid');
    expect(nameIssues('x'.repeat(21), 'a@b.cd')[0].code).toBe('name_invalid');
    expect(nameIssues('Zoë_92', 'a@b.cd')).toEqual([]);
    expect(nameIssues('Łukasz K.', 'a@b.cd')).toEqual([]);
  });

  it('lists every issue of a whole signup in step order', () => {
    const issues = signupIssues({ email: 'bad' }, () => null, today).map((i) => i.code);
    expect(issues).toEqual(['gender_missing', 'looking_for_missing', 'dob_missing', 'country_missing', 'name_invalid', 'invalid_email', 'password_too_short']);
  });

  it('keeps only known, cleaned tracking parameters', () => {
    expect(trackingFrom({ network: ' adnet ', ref: 'a"b<c>', sub2: '', other: 'x' })).toEqual({ network: 'adnet', ref: 'abc' });
    expect(trackingFrom({ sub1: 'y'.repeat(300) }).sub1).toHaveLength(100);
  });
});
