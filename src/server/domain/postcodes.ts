export const POSTCODE_FORMAT_MESSAGE = 'must be a UK postcode, for example LS6 2AB';
