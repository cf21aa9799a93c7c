import type { ApiError } from '../../src/domain/apiErrors';
import type { components } from '../../src/api/schema.gen';
import type { PaymentErrorModeValue } from '../../src/domain/paymentErrors';

export type PayPalOrderLink = components['schemas']['PayPalOrderLink'];
export type AuthoriseCaptureRequest = components['schemas']['AuthoriseCapture'];
export type PaymentErrorData = components['schemas']['PaymentErrorData'];

/** SPEC §4's payment script loading, as `usePayPalScriptReducer()`'s `loadingStatus` reports it. */
export type ScriptStatus = 'initial' | 'pending' | 'resolved' | 'rejected';

/** The funding source when PayPal does not say: the PayPal button. */
export const DEFAULT_PAYMENT_SOURCE = 'paypal';

/** How long each step that waits for someone else may take before the customer is told (docs/payments.md). */
export interface PaymentTimeouts {
  /** PayPal's script, from the first status until resolved. */
  scriptLoadMs: number;
  /** PayPal's SDK creating the order (createOrder). */
  createOrderMs: number;
  /** createPayPalOrderLink. */
  linkMs: number;
  /** authorise-capture: PayPal's order read and authorised, then the order confirmed (several PayPal calls). */
  authoriseMs: number;
  /** LogError. */
  logMs: number;
  /** The order updated to cash. */
  cashMs: number;
}

export const PAYMENT_TIMEOUTS: PaymentTimeouts = {
  scriptLoadMs: 30_000,
  createOrderMs: 30_000,
  linkMs: 30_000,
  authoriseMs: 60_000,
  logMs: 15_000,
  cashMs: 30_000,
};

export interface PaymentInput {
  timeouts?: Partial<PaymentTimeouts>;
}

export interface AuthorisedPayment {
  orderRef: string;
}

export interface PaymentContext {
  timeouts: PaymentTimeouts;
  /** The last status the screen reported for PayPal's script; kept across attempts, as the script stays loaded. */
  scriptStatus: ScriptStatus;
  basketId?: string;
  payPalOrderId?: string;
  /** The funding source PayPal reported (`paypal`, `card`). */
  paymentSource?: string;
  /**
   * The linked PayPal order whose authorise-capture has no known outcome (under way, or failed without a refusal: no
   * answer, a 5xx, the time limit). PayPal may hold money for it and the server keeps it being processed, so Try again
   * asks authorise-capture again for it (idempotent) rather than starting a new PayPal order. Forgotten once answered,
   * refused (400) or replaced by a new link.
   */
  unsettledPayPalOrderId?: string;
  /** The confirmed order's reference, once authorise-capture answered. */
  orderRef?: string;
  /** The mode being logged or shown on /paymentIssue. */
  errorMode?: PaymentErrorModeValue;
  /** What went wrong, for the log only (never shown to the customer). */
  errorDetails?: string;
  /** Why the order could not be converted to cash, shown on /paymentIssue; cleared by the next attempt. */
  cashError?: ApiError;
  /**
   * The last card or funding source was declined: /payment says so above the buttons, whose next payment is a new
   * PayPal order (PayPal's advice for INSTRUMENT_DECLINED: restart, so the buyer chooses another way). Cleared by the
   * next approval.
   */
  declined?: boolean;
}

export type PaymentEvent =
  /** `/payment` opened for the basket (none when the browser holds no order). */
  | { type: 'START'; basketId: string | undefined }
  /** `loadingStatus` of `usePayPalScriptReducer()`, sent when the payment screen mounts and whenever it changes. */
  | { type: 'SCRIPT_STATUS'; status: ScriptStatus }
  /** PayPal's createOrder was called (its `data.paymentSource` says which button). */
  | { type: 'CREATE_ORDER'; paymentSource?: string }
  /** `actions.order.create` answered PayPal's order id. */
  | { type: 'ORDER_CREATED'; payPalOrderId: string }
  /** `actions.order.create` failed. */
  | { type: 'ORDER_NOT_CREATED'; error?: unknown }
  /** PayPal's onApprove: `orderID` may be missing. */
  | { type: 'APPROVED'; payPalOrderId?: string; paymentSource?: string }
  /** PayPal's onCancel: the customer closed PayPal's window. */
  | { type: 'CANCELLED' }
  /** PayPal's onError. */
  | { type: 'PAYPAL_ERROR'; error?: unknown }
  /** `/paymentProcessing` loaded again with the linked order the browser kept: authorise it (the server is idempotent). */
  | { type: 'RESUME'; basketId: string | undefined; payPalOrderId: string | undefined }
  /** /paymentIssue's "Try again". */
  | { type: 'TRY_AGAIN' }
  /** /paymentIssue's "Pay with cash instead" (SPEC §4), also offered on /payment after a decline. */
  | { type: 'PAY_CASH_INSTEAD' };

export type PaymentTag = 'loadingScript' | 'ready' | 'processing' | 'issue' | 'paid' | 'cashChosen';
