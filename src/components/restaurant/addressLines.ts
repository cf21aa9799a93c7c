import type { components } from '../../api/schema.gen';

type Address = components['schemas']['Address'];

/** SPEC §3: an address is shown one part per line; empty parts (a missing second line) are left out. */
export function addressLines(address: Address): string[] {
  return [address.address1, address.address2, address.town, address.county, address.postCode].map((line) => line.trim()).filter((line) => line !== '');
}
