import type { UkPostcode } from '../../domain/contactRules';

// The browser's address form words a refused postcode alike (src/domain/accountRules.ts).
export { POSTCODE_FORMAT_MESSAGE } from '../../domain/contactMessages';

/**
 * The delivery-zone areas a postcode falls in, the most specific first: its sector ("LS6 2") and its district ("LS6").
 * A zone listed for the sector wins over one for the district (docs/back-office.md, "Delivery zones").
 */
export function postcodeAreasOf(postcode: UkPostcode): [sector: string, district: string] {
  const inward = postcode.postcode.slice(postcode.district.length + 1);
  return [`${postcode.district} ${inward[0]}`, postcode.district];
}
