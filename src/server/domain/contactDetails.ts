// Field rules of the contact step (SPEC §5 leaves them to the product): a UK phone number, landline or
// mobile, written with or without spaces, brackets and dashes, from 0, +44 or +44 (0); an email with a
// domain. The browser's forms (machines/basket/basketForms.ts) are as strict or stricter.

export function isUkPhoneNumber(text: string): boolean {
  const digits = text.replace(/^\s*\+44\s*\(0\)/, '+44').replace(/[\s()-]/g, '');
  return /^(?:0|\+44)[1-9][0-9]{8,9}$/.test(digits);
}

export function isEmailAddress(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim()) && text.trim().length <= 254;
}

export const PHONE_FORMAT_MESSAGE = 'must be a UK phone number, for example 0113 496 0123';
export const EMAIL_FORMAT_MESSAGE = 'must be an email address, for example name@example.com';

export function hasContactDetails(details: { name: string; phone: string; email: string }): boolean {
  return details.name.trim() !== '' && isUkPhoneNumber(details.phone) && isEmailAddress(details.email);
}
