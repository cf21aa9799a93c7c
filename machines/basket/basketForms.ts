import { isEmailAddress, isUkPhoneNumber, parseUkPostcode } from '../../src/domain/contactRules';

/** The fields of the basket's forms that can carry a message (contact, delivery, time, checkout, vouchers). */
export type BasketField = 'name' | 'phone' | 'email' | 'address1' | 'address2' | 'town' | 'postcode' | 'requestedTime' | 'notes' | 'voucher';

export type FieldErrors = Partial<Record<BasketField, string>>;

export interface ContactDetails {
  name: string;
  phone: string;
  email: string;
}

export interface DeliveryAddress {
  address1: string;
  address2: string;
  town: string;
  postcode: string;
}

/** The contract's limits (openapi.yaml: OrderUpdate, DeliveryAddress). */
const MAX_NAME_LENGTH = 100;
const MAX_PHONE_LENGTH = 20;
const MAX_ADDRESS_LINE_LENGTH = 100;
const MAX_TOWN_LENGTH = 60;
export const MAX_NOTES_LENGTH = 500;

export const contactMessages = {
  nameMissing: 'Enter your name',
  nameTooLong: `Your name can be at most ${MAX_NAME_LENGTH} characters`,
  phoneMissing: 'Enter your phone number',
  phoneInvalid: 'Enter a UK phone number, like 07700 900123 or 0113 496 0000',
  emailMissing: 'Enter your email address',
  emailInvalid: 'Enter an email address in the right format, like name@example.com',
} as const;

export const deliveryMessages = {
  address1Missing: 'Enter the first line of your address',
  address1TooLong: `The first line of your address can be at most ${MAX_ADDRESS_LINE_LENGTH} characters`,
  address2TooLong: `The second line of your address can be at most ${MAX_ADDRESS_LINE_LENGTH} characters`,
  townMissing: 'Enter your town or city',
  townTooLong: `Your town can be at most ${MAX_TOWN_LENGTH} characters`,
  postcodeMissing: 'Enter your postcode',
  postcodeInvalid: 'Enter a full UK postcode, like LS6 2AB',
  // Collection is offered instead only when the restaurant takes collection orders (SPEC §5).
  outOfZone: (postcode: string, collectionOffered = true) => `Sorry, we do not deliver to ${postcode}${collectionOffered ? '. You can collect your order instead' : ''}`,
} as const;

export const timeMessages = { requestedTimeMissing: 'Choose a time for your order' } as const;

/** An RFC 3339 date-time, as the time slots are answered and the order update's `requestedTime` must be. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

export function isDateTime(text: string): boolean {
  return DATE_TIME.test(text) && !Number.isNaN(Date.parse(text));
}
export const notesMessages = { notesTooLong: `Your notes can be at most ${MAX_NOTES_LENGTH} characters` } as const;

/**
 * UK numbers as people type them: a mobile (07… or +44 7…, 11 digits) or a geographic or non-geographic
 * landline (01…, 02…, 03…; 01 numbers have 10 or 11 digits). Spaces, hyphens and brackets are only layout.
 */
/** The postcode as the API expects it (upper case, one space before the inward code), or undefined if it is not one. */
export function normalisePostcode(postcode: string): string | undefined {
  return parseUkPostcode(postcode)?.postcode;
}

export function validateContact(details: ContactDetails): FieldErrors {
  const errors: FieldErrors = {};
  const name = details.name.trim();
  const phone = details.phone.trim();
  const email = details.email.trim();
  if (name === '') errors.name = contactMessages.nameMissing;
  else if (name.length > MAX_NAME_LENGTH) errors.name = contactMessages.nameTooLong;
  if (phone === '') errors.phone = contactMessages.phoneMissing;
  else if (phone.length > MAX_PHONE_LENGTH || !isUkPhoneNumber(phone)) errors.phone = contactMessages.phoneInvalid;
  if (email === '') errors.email = contactMessages.emailMissing;
  else if (!isEmailAddress(email)) errors.email = contactMessages.emailInvalid;
  return errors;
}

/** The contact details as they are sent: trimmed, as the customer typed them otherwise. */
export function tidyContact(details: ContactDetails): ContactDetails {
  return { name: details.name.trim(), phone: details.phone.trim(), email: details.email.trim() };
}

/** The customer's details filled in where nothing has been typed: what was typed is never overwritten. */
export function fillBlankContact(typed: ContactDetails | undefined, known: ContactDetails): ContactDetails {
  const keep = (field: keyof ContactDetails) => (typed !== undefined && typed[field].trim() !== '' ? typed[field] : known[field]);
  return { name: keep('name'), phone: keep('phone'), email: keep('email') };
}

/** A saved address of the customer's account (`postCode`, as the API spells it) as the delivery form's fields. */
export function savedAddressFields({ address1, address2, town, postCode }: { address1: string; address2: string; town: string; postCode: string }): DeliveryAddress {
  return { address1, address2, town, postcode: postCode };
}

/** An address the statechart chose (SAVED_ADDRESSES, PREFILL_DELIVERY) fills a blank form: what was typed is never overwritten. */
export function fillBlankAddress(typed: DeliveryAddress, chosen: DeliveryAddress | undefined): DeliveryAddress {
  return chosen !== undefined && Object.values(typed).every((value) => value === '') ? chosen : typed;
}

/** The fields filled in from `known` and left as they were, emptied (a customer who signs out takes their details). */
export function withoutKnownContact(typed: ContactDetails, known: ContactDetails): ContactDetails {
  const keep = (field: keyof ContactDetails) => (typed[field] === known[field] ? '' : typed[field]);
  return { name: keep('name'), phone: keep('phone'), email: keep('email') };
}

export function validateDeliveryAddress(address: DeliveryAddress): FieldErrors {
  const errors: FieldErrors = {};
  const address1 = address.address1.trim();
  const town = address.town.trim();
  if (address1 === '') errors.address1 = deliveryMessages.address1Missing;
  else if (address1.length > MAX_ADDRESS_LINE_LENGTH) errors.address1 = deliveryMessages.address1TooLong;
  if (address.address2.trim().length > MAX_ADDRESS_LINE_LENGTH) errors.address2 = deliveryMessages.address2TooLong;
  if (town === '') errors.town = deliveryMessages.townMissing;
  else if (town.length > MAX_TOWN_LENGTH) errors.town = deliveryMessages.townTooLong;
  if (address.postcode.trim() === '') errors.postcode = deliveryMessages.postcodeMissing;
  else if (normalisePostcode(address.postcode) === undefined) errors.postcode = deliveryMessages.postcodeInvalid;
  return errors;
}

/** The address as it is checked and sent: trimmed, with the postcode normalised (call only once it is valid). */
export function tidyDeliveryAddress(address: DeliveryAddress): DeliveryAddress {
  return {
    address1: address.address1.trim(),
    address2: address.address2.trim(),
    town: address.town.trim(),
    postcode: normalisePostcode(address.postcode) ?? address.postcode.trim(),
  };
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}
