import { describe, expect, it } from 'vitest';
import { NICHE_AUDIENCES } from '../../members/contract.ts';
import { firstAnswers } from './MatchFinderPage.tsx';

describe('the match finder\'s first answers', () => {
  it('follow a niche site\'s audience (gender and ages), else women of 25–45', () => {
    expect(firstAnswers(NICHE_AUDIENCES[1])).toEqual({ who: 'female', ages: { min: 25, max: 45 } });
    expect(firstAnswers(NICHE_AUDIENCES[2])).toEqual({ who: 'male', ages: { min: 25, max: 45 } });
    expect(firstAnswers(NICHE_AUDIENCES[4])).toEqual({ who: 'female', ages: { min: 25, max: 45 } });
    expect(firstAnswers(NICHE_AUDIENCES[5])).toEqual({ who: 'female', ages: { min: 60, max: 80 } });
    expect(firstAnswers(NICHE_AUDIENCES[6])).toEqual({ who: 'female', ages: { min: 35, max: 55 } });
    expect(firstAnswers(NICHE_AUDIENCES[7])).toEqual({ who: 'male', ages: { min: 25, max: 45 } });
    expect(firstAnswers({ genders: ['male', 'female'], max_age: 30 })).toEqual({ who: 'both', ages: { min: 18, max: 30 } });
  });
});
