/** The linked PayPal order, kept for the tab's life so that a reload of /paymentProcessing asks authorise-capture again. */
const RESUME_KEY = 'paymentToResume';

export interface SavedPayment {
  basketId?: string;
  payPalOrderId?: string;
}

export function savedPayment(): SavedPayment {
  try {
    return JSON.parse(window.sessionStorage.getItem(RESUME_KEY) ?? '{}') as SavedPayment;
  } catch {
    return {};
  }
}

export function savePayment(payment: { basketId: string; payPalOrderId: string }): void {
  window.sessionStorage.setItem(RESUME_KEY, JSON.stringify(payment));
}
