import { randomInt } from 'node:crypto';

// A customer's loyalty identifier, shown at /accountQR as a QR code and as text that staff may type: ten characters
// from an alphabet without look-alikes (B, I, L, O, S, Z and 0, 1, 2, 5, 8 are left out), in two groups of
// five: 25^10 ≈ 10^14 identifiers.
const UNAMBIGUOUS_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
const GROUP_LENGTH = 5;

/** `pick(n)` chooses a whole number below n; the operating system's generator unless a test fixes it. */
export function newLoyaltyId(pick: (alphabetSize: number) => number = randomInt): string {
  const characters = Array.from({ length: GROUP_LENGTH * 2 }, () => UNAMBIGUOUS_ALPHABET[pick(UNAMBIGUOUS_ALPHABET.length)]);
  return `${characters.slice(0, GROUP_LENGTH).join('')}-${characters.slice(GROUP_LENGTH).join('')}`;
}

/**
 * The identifier in `text` as staff type or scan it ("gd7km 3xq9p", "GD7KM3XQ9P"), written as stored; undefined when
 * it cannot be one.
 */
export function typedLoyaltyId(text: string): string | undefined {
  const characters = text.replace(/[\s-]/g, '').toUpperCase();
  if (characters.length !== GROUP_LENGTH * 2 || [...characters].some((character) => !UNAMBIGUOUS_ALPHABET.includes(character))) return undefined;
  return `${characters.slice(0, GROUP_LENGTH)}-${characters.slice(GROUP_LENGTH)}`;
}
