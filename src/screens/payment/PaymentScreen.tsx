import '@mantine/core/styles/Loader.css';
import { Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { CreateOrderRequestBody } from '@paypal/paypal-js';
import { PayPalButtons } from '@paypal/react-paypal-js';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import type { BasketContext } from '../../../machines/basket/basketMachine';
import { PAYMENT_PATH, type ScriptStatus } from '../../../machines/payment/paymentMachine';
import { payPalOrderRequest, type PricedOrder } from '../../domain/payPalOrder';
import { PayPalScript } from '../../platform/paypal';
import { useBasketActor } from '../order/useBasket';
import { usePaymentActor, usePaymentNavigation } from './usePayment';
import { ORDER_STEP_COLUMN } from '../../components/order/orderStepColumn';

/** The order as the server last priced it, as PayPal's order request wants it. */
function pricedOrderOf(context: BasketContext): PricedOrder {
  return {
    basketId: context.basketId!,
    orderType: context.orderType,
    itemCost: context.totals?.itemCost ?? 0,
    bagCharge: context.totals?.bagCharge ?? 0,
    deliveryCharge: context.totals?.deliveryCharge ?? 0,
    deliveryAddress: context.delivery ?? null,
  };
}

function PaymentButtons() {
  const payment = usePaymentActor();
  const basket = useBasketActor();
  const ready = useSelector(payment, (snapshot) => snapshot.hasTag('ready'));
  if (!ready) return <Loader role="progressbar" aria-label="Loading the payment buttons" />;
  return (
    <PayPalButtons
      style={{ layout: 'vertical' }}
      createOrder={async (data, actions) => {
        payment.send({ type: 'CREATE_ORDER', ...(data.paymentSource === undefined ? {} : { paymentSource: data.paymentSource }) });
        try {
          const orderRequest = payPalOrderRequest(pricedOrderOf(basket.getSnapshot().context), data.paymentSource);
          // PayPal's SDK types leave out the card's 3-D Secure request (payment_source.card.attributes.verification).
          const payPalOrderId = await actions.order.create(orderRequest as unknown as CreateOrderRequestBody);
          payment.send({ type: 'ORDER_CREATED', payPalOrderId });
          return payPalOrderId;
        } catch (error) {
          payment.send({ type: 'ORDER_NOT_CREATED', error });
          throw error;
        }
      }}
      onApprove={async (data) => {
        // PayPal's SDK says which button paid, though its types leave it out.
        const { paymentSource } = data as { paymentSource?: string };
        payment.send({
          type: 'APPROVED',
          ...(data.orderID === undefined ? {} : { payPalOrderId: data.orderID }),
          ...(paymentSource === undefined ? {} : { paymentSource }),
        });
      }}
      onCancel={() => payment.send({ type: 'CANCELLED' })}
      onError={(error) => payment.send({ type: 'PAYPAL_ERROR', error })}
    />
  );
}

/** `/payment`: PayPal's buttons (PayPal and card) for the order at checkout, paid online (docs/payments.md). */
export function PaymentScreen() {
  const payment = usePaymentActor();
  const basket = useBasketActor();
  const payPal = useRouteContext({ from: rootRouteId, select: (context) => context.payPal });
  useEffect(() => {
    payment.send({ type: 'START', basketId: basket.getSnapshot().context.basketId });
  }, [payment, basket]);
  usePaymentNavigation(PAYMENT_PATH);
  const reportStatus = useCallback((status: ScriptStatus) => payment.send({ type: 'SCRIPT_STATUS', status }), [payment]);
  const linking = useSelector(payment, (snapshot) => snapshot.matches('linking'));

  return (
    <Stack gap="md" py="md" {...ORDER_STEP_COLUMN}>
      <Group gap="sm">
        <Title order={1}>Payment details</Title>
        {payPal.environment === 'sandbox' && <Badge color="yellow">sandbox</Badge>}
      </Group>
      <Text>Pay with PayPal or with a debit or credit card. Your order is placed once the payment is authorised.</Text>
      <PayPalScript config={payPal} onStatus={reportStatus}>
        {linking ? <Loader role="progressbar" aria-label="Taking your payment" /> : <PaymentButtons />}
      </PayPalScript>
    </Stack>
  );
}
