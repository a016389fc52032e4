/**
 * Texting a member (the SEPA direct debit confirmation code) behind one interface, so the direct
 * debit flow does not know whether a message goes to Twilio or into the outbox folder.
 */
export interface SmsSender {
  readonly name: string;
  /** `to` in E.164 (+31612345678, see normalisePhone); resolves once the provider accepted it. */
  send(to: string, text: string): Promise<void>;
}

/** E.164: a plus, then 8 to 15 digits, the first (country code) never 0. */
export const E164 = /^\+[1-9][0-9]{7,14}$/;

export const isE164 = (value: string): boolean => E164.test(value);

// Longer than any real way of writing a 15-digit number with separators: refuse before any regex.
const MAX_INPUT = 40;
// Only ASCII digits and the separators people type; a leading + is checked apart. No tabs, no
// newlines, no unicode digits or look-alike pluses (they would pass \d or \s in other engines).
const ALLOWED = /^\+?[0-9 .\-()]+$/;
// Parentheses: flat groups of digits and spaces only, e.g. "+31 (0)6" or "+1 (555) 010-0199".
const PARENS = /^[^()]*(\([0-9 ]+\)[^()]*)*$/;

/**
 * A mobile number as typed by a member → E.164, or null when it is not an international number.
 * Takes digits with spaces, dashes, dots and parentheses after a leading + or 00; a "(0)" trunk
 * prefix ("+31 (0)6 …") is dropped. Without + or 00 the country is unknown, so: null.
 */
export function normalisePhone(input: string): string | null {
  if (typeof input !== 'string' || input.length > MAX_INPUT) return null;
  const trimmed = input.replace(/^ +| +$/g, '');
  if (!ALLOWED.test(trimmed) || !PARENS.test(trimmed)) return null;
  const plus = trimmed.startsWith('+');
  const digits = trimmed.replace(/\(0\)/g, '').replace(/[^0-9]/g, '');
  let national: string;
  if (plus) national = digits;
  else if (digits.startsWith('00')) national = digits.slice(2);
  else return null;
  const e164 = `+${national}`;
  return isE164(e164) ? e164 : null;
}

// GSM 03.38: the 7-bit alphabet an SMS uses unless one character needs UCS-2 (70 per message).
const GSM7_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

/**
 * How many SMS a text takes: GSM-7 fits 160 septets (153 each when split), anything else is
 * UCS-2 with 70 characters (67 each when split). Lets tests keep the code text to one message.
 */
export function smsSegments(text: string): { encoding: 'gsm7' | 'ucs2'; units: number; segments: number } {
  let septets = 0;
  for (const ch of text) {
    if (GSM7_BASIC.includes(ch)) septets += 1;
    else if (GSM7_EXTENDED.includes(ch)) septets += 2;
    else {
      const units = text.length; // UTF-16 code units: an emoji takes two
      return { encoding: 'ucs2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: 'gsm7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}
