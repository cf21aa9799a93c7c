import { isEmailAddress, isUkPhoneNumber } from '../../domain/contactRules';

export const PHONE_FORMAT_MESSAGE = 'must be a UK phone number, for example 0113 496 0123';
export const EMAIL_FORMAT_MESSAGE = 'must be an email address, for example name@example.com';

export function hasContactDetails(details: { name: string; phone: string; email: string }): boolean {
  return details.name.trim() !== '' && isUkPhoneNumber(details.phone) && isEmailAddress(details.email);
}
