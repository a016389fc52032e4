import { describe, expect, it } from 'vitest';
import { unsubscribeSigner } from './links.ts';

describe('unsubscribe links', () => {
  const signer = unsubscribeSigner('a-key-for-tests');
  it('round-trips a member and a category', () => {
    expect(signer.verify(signer.token(42, 'promotions'))).toEqual({ userId: 42, category: 'promotions' });
    expect(signer.verify(signer.token(7, 'all'))).toEqual({ userId: 7, category: 'all' });
  });
  it('refuses altered, foreign and malformed tokens', () => {
    const token = signer.token(42, 'promotions');
    expect(signer.verify(token.replace('42.', '43.'))).toBeNull();
    expect(signer.verify(token.replace('promotions', 'news'))).toBeNull();
    expect(unsubscribeSigner('another-key').verify(token)).toBeNull();
    expect(signer.verify(`42.spam.${token.split('.')[2]}`)).toBeNull();
    expect(signer.verify('')).toBeNull();
  });
});
