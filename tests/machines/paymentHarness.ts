import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  paymentMachine,
  type AuthorisedPayment,
  type AuthoriseCaptureRequest,
  type PaymentErrorData,
  type PaymentInput,
  type PayPalOrderLink,
} from '../../machines/payment/paymentMachine';
import type { ApiError } from '../../src/domain/apiErrors';
import { PAYMENT_DECLINED_MESSAGE } from '../../src/domain/paymentErrors';

export const BASKET_ID = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';
export const PAYPAL_ORDER_ID = '5O190127TN364715T';
export const ORDER_REF = 'f9e8d7c6-b5a4-4392-8170-6f5e4d3c2b1a';

const apiError = (status: number | undefined, message: string | null): ApiError => ({
  ...(status === undefined ? {} : { status }),
  message,
  validationErrors: [],
});
/** authorise-capture's answer for an unverified PayPal account (SPEC §8's spelling). */
export const unverified = apiError(400, 'PayPay User Unverified');
export const notApproved = apiError(400, 'The payment was not approved at PayPal. Please try again.');
/** The card or funding source declined (INSTRUMENT_DECLINED, or an authorisation DENIED). */
export const cardDeclined = apiError(400, PAYMENT_DECLINED_MESSAGE);
export const noResponse = apiError(undefined, 'The service is temporarily unavailable');
export const serverError = apiError(500, null);

export type PaymentActorId = 'createPayPalOrderLink' | 'authoriseCapture' | 'logError' | 'convertToCash';
export type PendingCall = { input: unknown; resolve(output: unknown): void; reject(error: unknown): void };

/** The payment statechart with calls that wait until the test answers them, and a clock that moves only when told. */
export function paymentHarness(input: PaymentInput = {}) {
  const pending: Record<PaymentActorId, PendingCall[]> = { createPayPalOrderLink: [], authoriseCapture: [], logError: [], convertToCash: [] };
  const waiting = <Output, Input>(id: PaymentActorId) =>
    fromPromise<Output, Input>(
      ({ input: callInput }) =>
        new Promise<Output>((resolve, reject) => pending[id].push({ input: callInput, resolve: resolve as (output: unknown) => void, reject })),
    );
  const machine = paymentMachine.provide({
    actors: {
      createPayPalOrderLink: waiting<unknown, PayPalOrderLink>('createPayPalOrderLink'),
      authoriseCapture: waiting<AuthorisedPayment, AuthoriseCaptureRequest>('authoriseCapture'),
      logError: waiting<unknown, PaymentErrorData>('logError'),
      convertToCash: waiting<unknown, { basketId: string }>('convertToCash'),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock, input }).start();
  const calls = () => Object.values(pending).reduce((count, list) => count + list.length, 0);
  return { actor, clock, pending, calls };
}

// XState hands a settled promise to the machine on a later microtask; a macrotask is past all of them.
export const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function answer(calls: PendingCall[], output: unknown) {
  calls.at(-1)!.resolve(output);
  await settled();
}

export async function refuse(calls: PendingCall[], error: unknown) {
  calls.at(-1)!.reject(error);
  await settled();
}
