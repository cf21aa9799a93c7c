import type { components } from '../../api/schema.gen';
import { addressFailures, profileFailures, type AccountAddress, type ProfileDetails } from '../../domain/accountRules';
import { fieldMessage, type FieldErrors } from '../../domain/fieldMessages';

export type ProfileField = keyof ProfileDetails;
export type AddressField = keyof AccountAddress;
export type ProfileUpdate = components['schemas']['ProfileUpdate'];

/** Each field's name in a message ("Phone number must be a UK phone number…"), keyed as the API names the field. */
export const PROFILE_SUBJECTS: Readonly<Record<ProfileField, string>> = { name: 'Name', phone: 'Phone number' };

export const ADDRESS_SUBJECTS: Readonly<Record<AddressField, string>> = {
  address1: 'Address line 1',
  address2: 'Address line 2',
  town: 'Town or city',
  county: 'County',
  postCode: 'Postcode',
};

export const EMPTY_ADDRESS: AccountAddress = { address1: '', address2: '', town: '', county: '', postCode: '' };

function worded<Field extends string>(failures: Partial<Record<Field, string>>, subjects: Readonly<Record<Field, string>>): FieldErrors<Field> {
  return Object.fromEntries(Object.entries<string | undefined>(failures).map(([field, message]) => [field, fieldMessage(subjects[field as Field], message!)])) as FieldErrors<Field>;
}

/** The shared rules (src/domain/accountRules.ts) checked before sending, worded for the form's fields. */
export function validateProfile(draft: ProfileDetails, { required }: { required: boolean }): FieldErrors<ProfileField> {
  return worded(profileFailures(draft, { required }), PROFILE_SUBJECTS);
}

export function validateAddress(draft: AccountAddress): FieldErrors<AddressField> {
  return worded(addressFailures(draft), ADDRESS_SUBJECTS);
}

export function profileUpdateOf(draft: ProfileDetails): ProfileUpdate {
  return { name: draft.name.trim(), phone: draft.phone.trim() };
}
