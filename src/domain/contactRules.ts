// Field rules of the contact and delivery steps (SPEC §5 leaves them to the product), used by the
// browser's forms and by the server alike so that a value one accepts the other accepts too.

// UK numbers as dialled at home: mobiles 07 and non-geographic 03 with 9 more digits, London and other
// 02 numbers with 9, geographic 01 numbers with 8 or 9. Premium and freephone numbers are not a customer's.
const ukPhonePattern = /^(?:0|\+44)(?:7\d{9}|1\d{8,9}|[23]\d{9})$/;
const emailPattern = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const MAX_EMAIL_LENGTH = 254;

/** Written with or without spaces, brackets and dashes, from 0, +44 or +44 (0). */
export function isUkPhoneNumber(text: string): boolean {
  return ukPhonePattern.test(text.replace(/[\s()-]/g, '').replace(/^\+440/, '+44'));
}

/** A UK number as dialled at home, digits only ("+44 (0)7700 900123" → "07700900123"), so two spellings compare equal. */
export function ukPhoneDigits(text: string): string {
  return text.replace(/[\s()-]/g, '').replace(/^\+440?/, '0');
}

export function isEmailAddress(text: string): boolean {
  const email = text.trim();
  return email.length <= MAX_EMAIL_LENGTH && emailPattern.test(email);
}

export interface UkPostcode {
  /** "LS6 2AB": capitals, one space before the inward code. */
  postcode: string;
  /** The outward code, "LS6": what a delivery zone is keyed by. */
  district: string;
}

// The shape of every UK postcode (outward code: area letters, district digits, optional letter or
// digit; inward code: a digit and two letters). Whether the postcode exists is not checked here.
const ukPostcodePattern = /^([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9][A-Z]{2})$/;

/** Accepts any case and spacing ("ls62ab", " LS6  2AB "); undefined when it is not a UK postcode. */
export function parseUkPostcode(text: string): UkPostcode | undefined {
  const match = ukPostcodePattern.exec(text.replace(/\s+/g, '').toUpperCase());
  if (match === null) return undefined;
  const [, outward, inward] = match;
  return { postcode: `${outward} ${inward}`, district: outward };
}
