import { randomInt } from 'node:crypto';

// The short references a customer reads out on the phone (docs/restaurant-pages.md): a prefix and six characters
// without 0/O, 1/I/L. 31^6 is about 887 million, so a clash is rare; when one happens, another reference is drawn.

export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const REFERENCE_LENGTH = 6;
/** Enough that giving up means something other than bad luck is wrong. */
const MAX_REFERENCE_ATTEMPTS = 5;

export type ReferencePrefix = 'B-' | 'C-';

/** `randomIndex(n)` answers a whole number from 0 to n - 1; the operating system's generator unless a test gives one. */
export function newCustomerReference(prefix: ReferencePrefix, randomIndex: (size: number) => number = randomInt): string {
  let reference: string = prefix;
  for (let position = 0; position < REFERENCE_LENGTH; position += 1)
    reference += REFERENCE_ALPHABET[randomIndex(REFERENCE_ALPHABET.length)];
  return reference;
}

/**
 * Stores under a fresh reference, drawing another while `store` answers that the reference is taken;
 * answers the reference stored under.
 */
export async function storeUnderNewReference(
  prefix: ReferencePrefix,
  store: (reference: string) => Promise<'stored' | 'referenceTaken'>,
  randomIndex?: (size: number) => number,
): Promise<string> {
  for (let attempt = 1; attempt <= MAX_REFERENCE_ATTEMPTS; attempt += 1) {
    const reference = newCustomerReference(prefix, randomIndex);
    if ((await store(reference)) === 'stored') return reference;
  }
  throw new Error(`No free ${prefix} reference after ${MAX_REFERENCE_ATTEMPTS} attempts`);
}
