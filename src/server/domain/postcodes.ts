// The browser's address form words a refused postcode alike (src/domain/accountRules.ts).
export { POSTCODE_FORMAT_MESSAGE } from '../../domain/contactMessages';
