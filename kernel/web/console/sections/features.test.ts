import { describe, expect, it } from 'vitest';
import { offWith } from './features.ts';

describe('offWith', () => {
  it('names what turns off with a plugin, through chains of requires', () => {
    const plugins = [
      { id: 'credits', requires: [] }, { id: 'payments', requires: ['credits'] }, { id: 'bonuses', requires: ['payments'] },
      { id: 'chat', requires: ['credits'] }, { id: 'likes', requires: [] },
    ];
    expect(offWith(plugins, 'credits')).toEqual(['credits', 'payments', 'bonuses', 'chat']);
    expect(offWith(plugins, 'payments')).toEqual(['payments', 'bonuses']);
    expect(offWith(plugins, 'likes')).toEqual(['likes']);
  });
});
