import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { errorText } from './errors.ts';
import { createI18n } from './i18n.ts';

describe('error texts', () => {
  it('maps server codes to the catalogue in the member\'s language, with parameters', async () => {
    const en = await createI18n('en');
    expect(errorText(en.t, new ApiError(401, 'login_failed', 'x'))).toBe('Login failed, please try again.');
    expect(errorText(en.t, new ApiError(429, 'account_blocked', 'x', { minutes: 12 }))).toBe('Too many incorrect attempts, account blocked for 12 min.');
    const de = await createI18n('de');
    expect(errorText(de.t, new ApiError(401, 'login_failed', 'x'))).not.toBe('Login failed, please try again.');
  });

  it('falls back to the generic text for unknown codes and non-API failures', async () => {
    const en = await createI18n('en');
    expect(errorText(en.t, new ApiError(418, 'teapot', 'x'))).toBe('An error occured, please try again later.');
    expect(errorText(en.t, new TypeError('boom'))).toBe('An error occured, please try again later.');
  });

  it('looks in the plugin\'s own namespace first', async () => {
    const en = await createI18n('en', {}, ['kernel', 'account', 'signup']);
    expect(errorText(en.t, new ApiError(400, 'passwords_differ', 'x'), 'account')).toBe('The entered passwords are not the same.');
    expect(errorText(en.t, new ApiError(400, 'name_invalid', 'x', { min: 3, max: 20 }), 'signup')).toBe('Choose a username of 3 to 20 letters or digits.');
    // A kernel code still resolves from a plugin's form.
    expect(errorText(en.t, new ApiError(429, 'rate_limited', 'x'), 'account')).toBe('Too many requests. Please wait a moment and try again.');
  });
});
