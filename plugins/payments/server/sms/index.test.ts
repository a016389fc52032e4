import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSmsConfig, selectSms } from './index.ts';

const twilio = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'f1e2d3c4b5a697887766554433221100',
  TWILIO_FROM: '+3197010520000',
};

describe('SMS configuration', () => {
  it('texts into the outbox by default outside production, in <dataDir>/sms-outbox unless SMS_OUTBOX_DIR says', () => {
    const result = readSmsConfig({}, false);
    expect(result).toEqual({ ok: true, config: { provider: 'outbox', outboxDir: undefined } });
    const sms = selectSms(result.ok ? result.config : { provider: 'outbox' }, { dataDir: '/srv/flirt' });
    expect(sms).toMatchObject({ name: 'outbox', dir: join('/srv/flirt', 'sms-outbox') });

    const custom = readSmsConfig({ SMS_OUTBOX_DIR: '/tmp/e2e-sms' }, false);
    expect(custom).toEqual({ ok: true, config: { provider: 'outbox', outboxDir: '/tmp/e2e-sms' } });
    expect(selectSms(custom.ok ? custom.config : { provider: 'outbox' }, { dataDir: '/srv/flirt' })).toMatchObject({ dir: '/tmp/e2e-sms' });
  });

  it('in production: no SMS at all (so no direct debit) unless Twilio is fully configured', () => {
    expect(readSmsConfig({}, true)).toMatchObject({ ok: false, reason: expect.stringMatching(/SMS_PROVIDER/) });
    expect(readSmsConfig({ SMS_PROVIDER: 'outbox' }, true)).toMatchObject({ ok: false, reason: expect.stringMatching(/never texts in production/) });
    for (const missing of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
      expect(readSmsConfig({ ...twilio, [missing]: '' }, true)).toMatchObject({ ok: false, reason: expect.stringMatching(/needs TWILIO_ACCOUNT_SID/) });
    }
    expect(readSmsConfig(twilio, true)).toEqual({
      ok: true,
      config: { provider: 'twilio', accountSid: twilio.TWILIO_ACCOUNT_SID, authToken: twilio.TWILIO_AUTH_TOKEN, from: '+3197010520000' },
    });
  });

  it('takes Twilio outside production too, with the same checks', () => {
    expect(readSmsConfig({ ...twilio, SMS_PROVIDER: ' Twilio ' }, false)).toMatchObject({ ok: true, config: { provider: 'twilio' } });
    expect(readSmsConfig({ SMS_PROVIDER: 'twilio' }, false)).toMatchObject({ ok: false });
  });

  it('refuses an unknown provider, a malformed account SID and a sender Twilio would refuse', () => {
    expect(readSmsConfig({ SMS_PROVIDER: 'carrier-pigeon' }, false)).toMatchObject({ ok: false, reason: expect.stringMatching(/not an SMS provider/) });
    expect(readSmsConfig({ ...twilio, TWILIO_ACCOUNT_SID: 'AC123/../../x' }, true)).toMatchObject({ ok: false, reason: expect.stringMatching(/TWILIO_ACCOUNT_SID/) });
    expect(readSmsConfig({ ...twilio, TWILIO_FROM: '0612345678' }, true)).toMatchObject({ ok: false, reason: expect.stringMatching(/TWILIO_FROM/) });
    expect(readSmsConfig({ ...twilio, TWILIO_FROM: 'FlirtSiteDating' }, true)).toMatchObject({ ok: false, reason: expect.stringMatching(/TWILIO_FROM/) });
    expect(readSmsConfig({ ...twilio, TWILIO_FROM: 'FlirtSite' }, true)).toMatchObject({ ok: true, config: { from: 'FlirtSite' } });
  });

  it('never puts the auth token into a reason', () => {
    const results = [readSmsConfig({ ...twilio, TWILIO_FROM: 'bad!' }, true), readSmsConfig({ ...twilio, TWILIO_ACCOUNT_SID: 'x' }, true)];
    for (const r of results) expect(JSON.stringify(r)).not.toContain(twilio.TWILIO_AUTH_TOKEN);
  });

  it('selects the Twilio sender for a Twilio configuration', () => {
    const result = readSmsConfig(twilio, true);
    expect(result.ok && selectSms(result.config, { dataDir: '/srv/flirt' }).name).toBe('twilio');
  });
});
