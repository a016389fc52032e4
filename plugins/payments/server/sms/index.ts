/**
 * Which SMS sender texts the direct debit code, from the environment (read here, not by the kernel):
 * SMS_PROVIDER=outbox|twilio (default outbox outside production), TWILIO_ACCOUNT_SID,
 * TWILIO_AUTH_TOKEN, TWILIO_FROM, SMS_OUTBOX_DIR. The outbox never "texts" in production: there,
 * without Twilio configured, direct debit is unavailable instead of codes landing in a folder.
 */
import { join } from 'node:path';
import { createOutboxSms } from './outbox.ts';
import type { SmsSender } from './sms.ts';
import { ACCOUNT_SID, createTwilioSms, isTwilioSender } from './twilio.ts';

export type SmsConfig =
  | { provider: 'outbox'; outboxDir?: string }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string };

export type SmsConfigResult = { ok: true; config: SmsConfig } | { ok: false; reason: string };

export function readSmsConfig(env: Record<string, string | undefined>, production: boolean): SmsConfigResult {
  const name = (env.SMS_PROVIDER ?? '').trim().toLowerCase() || (production ? '' : 'outbox');
  if (!name) return { ok: false, reason: 'SMS_PROVIDER is not set (twilio in production): direct debit is unavailable' };
  if (name !== 'outbox' && name !== 'twilio') return { ok: false, reason: `SMS_PROVIDER=${name} is not an SMS provider (outbox, twilio)` };
  if (name === 'outbox') {
    if (production) return { ok: false, reason: 'the SMS outbox never texts in production: set SMS_PROVIDER=twilio' };
    return { ok: true, config: { provider: 'outbox', outboxDir: env.SMS_OUTBOX_DIR?.trim() || undefined } };
  }
  const accountSid = env.TWILIO_ACCOUNT_SID?.trim() ?? '';
  const authToken = env.TWILIO_AUTH_TOKEN?.trim() ?? '';
  const from = env.TWILIO_FROM?.trim() ?? '';
  if (!accountSid || !authToken || !from) {
    return { ok: false, reason: 'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM' };
  }
  if (!ACCOUNT_SID.test(accountSid)) return { ok: false, reason: 'TWILIO_ACCOUNT_SID must be AC followed by 32 hex digits' };
  if (!isTwilioSender(from)) {
    return { ok: false, reason: 'TWILIO_FROM must be a number in E.164 (+31612345678) or an alphanumeric sender id of up to 11 characters' };
  }
  return { ok: true, config: { provider: 'twilio', accountSid, authToken, from } };
}

/** The sender the configuration names (readSmsConfig checked it); the outbox defaults to <dataDir>/sms-outbox. */
export function selectSms(config: SmsConfig, options: { dataDir: string }): SmsSender {
  switch (config.provider) {
    case 'outbox':
      return createOutboxSms(config.outboxDir ?? join(options.dataDir, 'sms-outbox'));
    case 'twilio':
      return createTwilioSms({ accountSid: config.accountSid, authToken: config.authToken, from: config.from });
  }
}

export { normalisePhone, isE164, type SmsSender } from './sms.ts';
export { readLatestSms } from './outbox.ts';
