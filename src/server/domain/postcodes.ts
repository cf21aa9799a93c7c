export interface UkPostcode {
  /** "LS6 2AB": capitals, one space before the inward code. */
  postcode: string;
  /** The outward code, "LS6": what a delivery zone is keyed by. */
  district: string;
}

// The shape of every UK postcode (outward code: area letters, district digits, optional letter or
// digit; inward code: a digit and two letters). Whether the postcode exists is not checked here.
const ukPostcodePattern = /^([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9][A-Z]{2})$/;

/** Accepts any case and spacing ("ls62ab", " LS6  2AB "); undefined when it is not a UK postcode. */
export function parseUkPostcode(text: string): UkPostcode | undefined {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const match = ukPostcodePattern.exec(compact);
  if (match === null) return undefined;
  const [, outward, inward] = match;
  return { postcode: `${outward} ${inward}`, district: outward };
}

export const POSTCODE_FORMAT_MESSAGE = 'must be a UK postcode, for example LS6 2AB';
