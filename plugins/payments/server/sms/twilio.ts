/**
 * Texting through Twilio's Programmable Messaging API (twilio.com/docs/messaging/api/message-resource):
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From, Body, HTTP basic
 * auth AccountSid:AuthToken. Plain fetch instead of the twilio package: one call is all we need.
 */
import { isE164, type SmsSender } from './sms.ts';

export const TWILIO_API = 'https://api.twilio.com';
const TIMEOUT_MS = 10_000;
/** Twilio refuses longer bodies (error 21617). */
const MAX_BODY = 1600;

export const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;
/** Alphanumeric sender id as Twilio takes it: up to 11 letters, digits and spaces, one letter at least. */
export const ALPHANUMERIC_SENDER = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;

export const isTwilioSender = (from: string): boolean => isE164(from) || ALPHANUMERIC_SENDER.test(from);

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A Twilio number in E.164 or an alphanumeric sender id. */
  from: string;
  /** Contract tests only: a local server instead of https://api.twilio.com. */
  apiBase?: string;
}

export function createTwilioSms(options: TwilioOptions): SmsSender {
  const { accountSid, authToken, from } = options;
  if (!ACCOUNT_SID.test(accountSid)) throw new Error('Twilio: the account SID must be AC followed by 32 hex digits');
  if (!authToken) throw new Error('Twilio: the auth token is missing');
  if (!isTwilioSender(from)) throw new Error('Twilio: the sender must be an E.164 number or an alphanumeric id of up to 11 characters');
  const url = `${options.apiBase ?? TWILIO_API}/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  // Whatever Twilio or the network says goes into logs: never let the token through.
  const clean = (text: string) => text.split(authToken).join('***').slice(0, 300);

  return {
    name: 'twilio',
    async send(to, text) {
      if (!isE164(to)) throw new Error('Twilio: the number is not in E.164 form (+ and 8 to 15 digits)');
      if (!text || text.length > MAX_BODY) throw new Error(`Twilio: the message must have 1 to ${MAX_BODY} characters`);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ To: to, From: from, Body: text }).toString(),
          // The API never redirects: a redirect would mean someone else answers (and gets the form).
          redirect: 'error',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        const reason = error instanceof Error ? `${error.name}: ${String((error.cause as Error | undefined)?.message ?? error.message)}` : String(error);
        throw new Error(`Twilio could not be reached (${clean(reason)})`);
      }
      const raw = await response.text().catch(() => '');
      if (response.ok) return;
      throw new Error(`Twilio refused the SMS: HTTP ${response.status}${clean(twilioError(raw))}`);
    },
  };
}

/** ", code 21211: The 'To' number … is not a valid phone number." from Twilio's error JSON, or "". */
function twilioError(raw: string): string {
  try {
    const body = JSON.parse(raw) as { code?: unknown; message?: unknown };
    const code = typeof body.code === 'number' || typeof body.code === 'string' ? `, code ${body.code}` : '';
    const message = typeof body.message === 'string' ? `: ${body.message}` : '';
    return `${code}${message}`;
  } catch {
    return '';
  }
}
