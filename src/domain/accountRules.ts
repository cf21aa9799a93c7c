// The rules of the account's forms (profile, address; docs/accounts.md), with the message each broken rule gives
// after its field's name, shared by the browser's forms and the server. The limits are the contract's
// (openapi.yaml: ProfileUpdate, NewAccount, Address); tests/unit/accountRules.test.ts holds them to it.
import { PHONE_FORMAT_MESSAGE, POSTCODE_FORMAT_MESSAGE } from './contactMessages';
import { isUkPhoneNumber, parseUkPostcode } from './contactRules';
import { atLeastCharacters, atMostCharacters } from './limitMessages';

export const MAX_PROFILE_NAME_LENGTH = 100;
export const MAX_ADDRESS_LINE_LENGTH = 100;
export const MAX_TOWN_LENGTH = 60;
export const MAX_COUNTY_LENGTH = 60;

export const accountMessages = {
  nameEmpty: atLeastCharacters(1),
  nameTooLong: atMostCharacters(MAX_PROFILE_NAME_LENGTH),
  phoneFormat: PHONE_FORMAT_MESSAGE,
  address1Empty: atLeastCharacters(1),
  addressLineTooLong: atMostCharacters(MAX_ADDRESS_LINE_LENGTH),
  townEmpty: atLeastCharacters(1),
  townTooLong: atMostCharacters(MAX_TOWN_LENGTH),
  countyTooLong: atMostCharacters(MAX_COUNTY_LENGTH),
  postCodeFormat: POSTCODE_FORMAT_MESSAGE,
} as const;

export interface ProfileDetails {
  name: string;
  phone: string;
}

export interface AccountAddress {
  address1: string;
  address2: string;
  town: string;
  county: string;
  postCode: string;
}

type Failures<Field extends string> = Partial<Record<Field, string>>;

function withoutEmpty<Field extends string>(failures: Record<Field, string | undefined>): Failures<Field> {
  return Object.fromEntries(Object.entries(failures).filter(([, message]) => message !== undefined)) as Failures<Field>;
}

function nameFailure(name: string, required: boolean): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return required ? accountMessages.nameEmpty : undefined;
  return trimmed.length > MAX_PROFILE_NAME_LENGTH ? accountMessages.nameTooLong : undefined;
}

function phoneFailure(phone: string, required: boolean): string | undefined {
  const trimmed = phone.trim();
  if (trimmed === '' && !required) return undefined;
  return isUkPhoneNumber(trimmed) ? undefined : accountMessages.phoneFormat;
}

/**
 * `UpdateProfile` needs both; `CreateAccount` takes either or neither (`required: false`), but a value given
 * must still be a name of at most 100 characters and a UK phone number.
 */
export function profileFailures(details: ProfileDetails, { required }: { required: boolean }): Failures<keyof ProfileDetails> {
  return withoutEmpty({ name: nameFailure(details.name, required), phone: phoneFailure(details.phone, required) });
}

function lineFailure(text: string, { required, maxLength, empty, tooLong }: { required: boolean; maxLength: number; empty?: string; tooLong: string }) {
  const trimmed = text.trim();
  if (trimmed === '') return required ? empty : undefined;
  return trimmed.length > maxLength ? tooLong : undefined;
}

/** An address as `AddAddress` takes it: first line, town and a UK postcode are needed; the second line and county are optional. */
export function addressFailures(address: AccountAddress): Failures<keyof AccountAddress> {
  return withoutEmpty({
    address1: lineFailure(address.address1, { required: true, maxLength: MAX_ADDRESS_LINE_LENGTH, empty: accountMessages.address1Empty, tooLong: accountMessages.addressLineTooLong }),
    address2: lineFailure(address.address2, { required: false, maxLength: MAX_ADDRESS_LINE_LENGTH, tooLong: accountMessages.addressLineTooLong }),
    town: lineFailure(address.town, { required: true, maxLength: MAX_TOWN_LENGTH, empty: accountMessages.townEmpty, tooLong: accountMessages.townTooLong }),
    county: lineFailure(address.county, { required: false, maxLength: MAX_COUNTY_LENGTH, tooLong: accountMessages.countyTooLong }),
    postCode: parseUkPostcode(address.postCode) === undefined ? accountMessages.postCodeFormat : undefined,
  });
}

/** The address as it is sent and stored: trimmed, the postcode as "LS6 2AB" (call only once it has no failures). */
export function tidyAddress(address: AccountAddress): AccountAddress {
  return {
    address1: address.address1.trim(),
    address2: address.address2.trim(),
    town: address.town.trim(),
    county: address.county.trim(),
    postCode: parseUkPostcode(address.postCode)?.postcode ?? address.postCode.trim(),
  };
}
