import { notAvailableYet } from '../errors';
import type { HandlerMap } from './handlerTypes';

// The payments issue builds these; until then the contract answers 501.
export const paymentHandlers: Pick<HandlerMap, 'createPayPalOrderLink' | 'authoriseCapture' | 'logPaymentError'> = {
  createPayPalOrderLink: () => notAvailableYet('createPayPalOrderLink'),
  authoriseCapture: () => notAvailableYet('authoriseCapture'),
  logPaymentError: () => notAvailableYet('logPaymentError'),
};
