import type { HandlerMap } from './handlerTypes';
import { linkPayPalOrder, logPaymentError, paidOrder } from '../services/payments';

// SPEC §7's payment calls (docs/payments.md); the use-cases are services/payments.ts.
export const paymentHandlers: Pick<HandlerMap, 'createPayPalOrderLink' | 'authoriseCapture' | 'logPaymentError'> = {
  async createPayPalOrderLink(request) {
    const { orderBuilderId, payPalId, paymentSource } = request.body;
    await linkPayPalOrder(request.server, { basketId: orderBuilderId, payPalOrderId: payPalId, paymentSource });
    return { data: { orderBuilderId, payPalId } };
  },

  async authoriseCapture(request) {
    const { orderBuilderId, payPalOrderId } = request.body;
    return { data: await paidOrder(request.server, orderBuilderId, payPalOrderId, request.identity?.sub ?? null) };
  },

  async logPaymentError(request) {
    const { orderBuilderId, errorMode, message, details } = request.body;
    await logPaymentError(request.server, { basketId: orderBuilderId ?? null, reportedBy: 'browser', errorMode, message, details: details ?? null });
    return { data: { logged: true } };
  },
};
