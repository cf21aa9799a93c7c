/**
 * The linked PayPal order, kept on the device (with its basket, which is kept there too) so that a reload of
 * /paymentProcessing, or a return after the tab was closed while the payment was processed, asks authorise-capture
 * again: its answer is the order already placed, never a second payment (docs/payments.md).
 */
const RESUME_KEY = 'paymentToResume';

export interface SavedPayment {
  basketId?: string;
  payPalOrderId?: string;
}

export function savedPayment(): SavedPayment {
  try {
    return JSON.parse(window.localStorage.getItem(RESUME_KEY) ?? '{}') as SavedPayment;
  } catch {
    return {};
  }
}

export function savePayment(payment: { basketId: string; payPalOrderId: string }): void {
  window.localStorage.setItem(RESUME_KEY, JSON.stringify(payment));
}

export function forgetPayment(): void {
  window.localStorage.removeItem(RESUME_KEY);
}
