import type { PayPalPaymentSource, PayPalScaMethod } from '../../payments/payPalClient';

/** PayPal's sandbox test cards that decide an outcome; any other Luhn-valid number pays with 3-D Secure passed. */
export const FAKE_CARDS = {
  approved: '4111111111111111',
  secureCustomerAuthenticationFailed: '4000000000000002',
  declined: '4000000000000119',
} as const;

/** The test cards as the sandbox lists them to whoever is testing (PayPal's sandbox docs do the same). */
export const FAKE_CARD_LIST: readonly { number: string; outcome: string }[] = [
  { number: FAKE_CARDS.approved, outcome: 'Approved' },
  { number: FAKE_CARDS.declined, outcome: 'Declined by the bank (INSTRUMENT_DECLINED)' },
  { number: FAKE_CARDS.secureCustomerAuthenticationFailed, outcome: '3-D Secure fails' },
];

export interface CardDetails {
  number: string;
  /** MM/YY */
  expiry: string;
  securityCode: string;
}

/** A card detail PayPal's card fields refuse, and the field it concerns. */
export interface CardFailure {
  field: 'number' | 'expiry' | 'securityCode';
  issue: string;
  description: string;
}

export type CardCheck =
  | { accepted: true; paymentSource: NonNullable<PayPalPaymentSource['card']>; declinesAuthorisation: boolean }
  | { accepted: false; failures: CardFailure[] };

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MASTERCARD';
  if (/^3[47]/.test(digits)) return 'AMEX';
  return 'UNKNOWN';
}

/**
 * What PayPal's card fields and 3-D Secure would make of a card, as its sandbox does for its test numbers. 3-D Secure
 * runs only when the order asked for it (`scaMethod`); without it PayPal reports no authentication result.
 */
export function checkCard(card: Partial<CardDetails> | undefined, now: Date, scaMethod: PayPalScaMethod | undefined): CardCheck {
  const digits = (card?.number ?? '').replace(/[\s-]/g, '');
  // Every field is checked, so that each refused one is told at its field at once.
  const failures: CardFailure[] = [];
  if (!/^[0-9]{13,19}$/.test(digits) || !passesLuhn(digits)) {
    failures.push({ field: 'number', issue: 'CARD_NUMBER_INVALID', description: 'The card number is not valid.' });
  }
  const expiry = /^(0[1-9]|1[0-2])\s*\/\s*([0-9]{2})$/.exec(card?.expiry ?? '');
  if (!expiry) failures.push({ field: 'expiry', issue: 'INVALID_EXPIRY_DATE', description: 'The expiry date must be MM/YY.' });
  else if (Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1) <= now.getTime()) {
    failures.push({ field: 'expiry', issue: 'CARD_EXPIRED', description: 'The card has expired.' });
  }
  if (!/^[0-9]{3,4}$/.test(card?.securityCode ?? '')) {
    failures.push({ field: 'securityCode', issue: 'INVALID_SECURITY_CODE_LENGTH', description: 'The security code must be 3 or 4 digits.' });
  }
  if (failures.length > 0) return { accepted: false, failures };
  const authenticationFailed = digits === FAKE_CARDS.secureCustomerAuthenticationFailed;
  const authenticationResult = {
    liability_shift: authenticationFailed ? 'NO' : 'POSSIBLE',
    three_d_secure: { enrollment_status: 'Y', authentication_status: authenticationFailed ? 'N' : 'Y' },
  } as const;
  return {
    accepted: true,
    declinesAuthorisation: digits === FAKE_CARDS.declined,
    paymentSource: {
      last_digits: digits.slice(-4),
      brand: brandOf(digits),
      type: 'CREDIT',
      ...(scaMethod === undefined ? {} : { authentication_result: authenticationResult }),
    },
  };
}
