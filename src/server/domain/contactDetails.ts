import { isEmailAddress, isUkPhoneNumber } from '../../domain/contactRules';

export function hasContactDetails(details: { name: string; phone: string; email: string }): boolean {
  return details.name.trim() !== '' && isUkPhoneNumber(details.phone) && isEmailAddress(details.email);
}
