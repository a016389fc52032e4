import { beforeEach, describe, expect, it } from 'vitest';
import { SignupStore, DRAFT_KEY, storedTracking, storeTracking } from './store.ts';
import { fakeApi } from '../../../kernel/web/testing.ts';

const env = () => ({ api: fakeApi({}), bus: { emit() {}, on: () => () => {} }, i18n: {} });

describe('signup store', () => {
  beforeEach(() => { localStorage.clear(); document.cookie = 'tracking=; max-age=0; path=/'; });

  it('keeps the draft across a reload, but never the password', () => {
    const a = SignupStore.create({}, env());
    a.update({ email: 'sunny@example.com', name: 'Sunny', date_of_birth: '1990-04-12', signup_message: 'Hi' });
    a.setPassword('secret-password');
    a.goTo(3);
    expect(localStorage.getItem(DRAFT_KEY)).not.toContain('secret');
    const b = SignupStore.create({}, env());
    expect(b.draft).toMatchObject({ email: 'sunny@example.com', name: 'Sunny', date_of_birth: '1990-04-12', signup_message: 'Hi' });
    expect(b.step).toBe(3);
    expect(b.password).toBe('');
  });

  it('is in progress (the dialog locked) from the second step until the account exists', () => {
    const s = SignupStore.create({}, env());
    expect(s.inProgress).toBe(false);
    s.goTo(1);
    expect(s.inProgress).toBe(true);
    s.goTo(5);
    expect(s.inProgress).toBe(false);
    expect(s.done).toBe(true);
  });

  it('ignores a damaged saved draft', () => {
    localStorage.setItem(DRAFT_KEY, '{not json');
    expect(SignupStore.create({}, env()).draft).toEqual({});
  });

  it('keeps tracking data in a cookie the server can read', () => {
    expect(storedTracking()).toEqual({});
    storeTracking({ network: 'adnet', sub1: 's' });
    expect(storedTracking()).toEqual({ network: 'adnet', sub1: 's' });
  });
});
