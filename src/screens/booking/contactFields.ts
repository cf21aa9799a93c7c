import { EMAIL_FORMAT_MESSAGE, PHONE_FORMAT_MESSAGE } from '../../domain/contactMessages';
import { isEmailAddress, isUkPhoneNumber } from '../../domain/contactRules';
import type { ContactField } from '../../components/ContactInputs';
import { fieldMessage, type FieldErrors } from '../../domain/fieldMessages';


export interface NameRule {
  nameEmpty: string;
  nameTooLong: string;
  maxNameLength: number;
}

/** Who to reply to, checked as the server checks both the booking and the enquiry: trimmed, a UK phone, an email. */
export function contactErrors(draft: Record<ContactField, string>, subjects: Readonly<Record<ContactField, string>>, rule: NameRule): FieldErrors<ContactField> {
  const name = draft.name.trim();
  return {
    name: name === '' ? fieldMessage(subjects.name, rule.nameEmpty) : name.length > rule.maxNameLength ? fieldMessage(subjects.name, rule.nameTooLong) : undefined,
    phone: isUkPhoneNumber(draft.phone.trim()) ? undefined : fieldMessage(subjects.phone, PHONE_FORMAT_MESSAGE),
    email: isEmailAddress(draft.email) ? undefined : fieldMessage(subjects.email, EMAIL_FORMAT_MESSAGE),
  };
}

/** "12" or " 12 " as 12; anything else (empty, "12.5", "twelve") as undefined. */
export function wholeNumberOf(text: string): number | undefined {
  return /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : undefined;
}
