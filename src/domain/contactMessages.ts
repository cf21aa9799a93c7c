// How the server words a refused phone, email or postcode (after the field's name), shared with the forms that check the
// same rules first. Apart from src/domain/contactRules.ts so that the first page's bundle does not carry them.
export const PHONE_FORMAT_MESSAGE = 'must be a UK phone number, for example 0113 496 0123';
export const EMAIL_FORMAT_MESSAGE = 'must be an email address, for example name@example.com';
export const POSTCODE_FORMAT_MESSAGE = 'must be a UK postcode, for example LS6 2AB';
