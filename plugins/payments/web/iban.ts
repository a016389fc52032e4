// The IBAN as the member types it: shown in groups of four, checked (ISO 13616 mod 97) before it is
// sent. It is sent as typed; the server normalises and checks it again.

/** Letters and digits only, upper case. */
export const compactIban = (value: string) => value.replace(/[^0-9a-z]/gi, '').toUpperCase();

/** "nl91abna0417164300" -> "NL91 ABNA 0417 1643 00". */
export const groupIban = (value: string) => compactIban(value).replace(/(.{4})(?=.)/g, '$1 ');

/** Country code, check digits and a checksum that holds: a typo is caught before the SMS code is used. */
export function ibanLooksValid(value: string): boolean {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}
