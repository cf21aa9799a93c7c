import { isEmailAddress, isUkPhoneNumber } from '../../domain/contactRules';

/** A phone order's: staff take a name and a number to call back; the email is the customer's choice. */
export function hasPhoneOrderContact(details: { name: string; phone: string; email: string }): boolean {
  return details.name.trim() !== '' && isUkPhoneNumber(details.phone) && (details.email.trim() === '' || isEmailAddress(details.email));
}

export function hasContactDetails(details: { name: string; phone: string; email: string }): boolean {
  return details.name.trim() !== '' && isUkPhoneNumber(details.phone) && isEmailAddress(details.email);
}
