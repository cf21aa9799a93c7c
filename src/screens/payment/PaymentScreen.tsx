import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { CreateOrderRequestBody } from '@paypal/paypal-js';
import { PayPalButtons } from '@paypal/react-paypal-js';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import { useCallback, useEffect, useState } from 'react';
import type { BasketContext, OnlineFunding } from '../../../machines/basket/basketMachine';
import { formatPounds } from '../../domain/money';
import { slotLabel } from '../../domain/timeSlotLabels';
import { OrderType } from '../../domain/orderEnums';
import { PAYMENT_DECLINED_MESSAGE } from '../../domain/paymentErrors';
import type { ScriptStatus } from '../../../machines/payment/paymentMachine';
import { payPalOrderRequestOf } from '../../../machines/basket/basketPayment';
import { PayPalScript } from '../../platform/paypal';
import { forgetPayment } from '../../platform/paymentResume';
import { useBasketActor } from '../../actors/useBasketActor';
import { usePaymentActor } from './usePayment';
import { ORDER_STEP_COLUMN } from '../../components/order/orderStepColumn';

function PaymentButtons({ fundingSource }: { fundingSource?: OnlineFunding }) {
  const payment = usePaymentActor();
  const basket = useBasketActor();
  const ready = useSelector(payment, (snapshot) => snapshot.hasTag('ready'));
  if (!ready) return <Loader role="progressbar" aria-label="Loading the payment buttons" />;
  return (
    <PayPalButtons
      // One funding source's buttons are other buttons: PayPal's are drawn afresh when it changes.
      key={fundingSource ?? 'all'}
      {...(fundingSource === undefined ? {} : { fundingSource })}
      style={{ layout: 'vertical' }}
      createOrder={async (data, actions) => {
        payment.send({ type: 'CREATE_ORDER', ...(data.paymentSource === undefined ? {} : { paymentSource: data.paymentSource }) });
        try {
          const orderRequest = payPalOrderRequestOf(basket.getSnapshot().context, data.paymentSource);
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

/** "£23.40 for your collection order, Today 18:30": what the payment about to be authorised is for. */
function paymentPurpose(context: BasketContext, now: Date): string | undefined {
  if (context.totals === undefined) return undefined;
  const kind = context.orderType === OrderType.Delivery ? 'delivery' : 'collection';
  const when = context.time === undefined ? '' : context.time.asap ? ', as soon as possible' : `, ${slotLabel(context.time.requestedTime, now)}`;
  return `${formatPounds(context.totals.totalCost)} for your ${kind} order${when}`;
}

/**
 * `/payment`: what is about to be paid and for what, then PayPal's buttons for the order at checkout, paid online
 * (docs/payments.md). A card chosen at checkout opens the card form at once, with PayPal one tap away; after a declined
 * card the customer is told here and pays another way (another card, PayPal, or cash where the restaurant takes it).
 */
export function PaymentScreen() {
  const payment = usePaymentActor();
  const basket = useBasketActor();
  const payPal = useRouteContext({ from: rootRouteId, select: (context) => context.payPal });
  const allowCash = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant?.takeawaySettings.allowCashPayment === true });
  const purpose = useSelector(basket, (snapshot) => paymentPurpose(snapshot.context, new Date()));
  const chosenFunding = useSelector(basket, (snapshot) => snapshot.context.onlineFunding);
  const declined = useSelector(payment, (snapshot) => snapshot.context.declined === true);
  const [everyWay, setEveryWay] = useState(false);
  const cardFirst = chosenFunding === 'card' && !everyWay;
  useEffect(() => {
    // The buttons are drawn afresh (a first payment, or a card declined): no PayPal order is left to resume.
    forgetPayment();
    payment.send({ type: 'START', basketId: basket.getSnapshot().context.basketId });
  }, [payment, basket]);
  const reportStatus = useCallback((status: ScriptStatus) => payment.send({ type: 'SCRIPT_STATUS', status }), [payment]);
  const linking = useSelector(payment, (snapshot) => snapshot.matches('linking'));

  return (
    <Stack gap="md" py="md" {...ORDER_STEP_COLUMN}>
      <Group gap="sm">
        <Title order={1}>Payment details</Title>
        {payPal.environment === 'sandbox' && <Badge color="yellow">sandbox</Badge>}
      </Group>
      {purpose && (
        <Text fw={700} size="lg">
          {purpose}
        </Text>
      )}
      {declined && (
        <Alert color="lacquerRed" title="Payment declined" role="alert">
          <Text size="sm">{PAYMENT_DECLINED_MESSAGE}</Text>
          {allowCash && (
            <Button mt="xs" variant="outline" onClick={() => payment.send({ type: 'PAY_CASH_INSTEAD' })}>
              Pay with cash instead
            </Button>
          )}
        </Alert>
      )}
      <Text>
        {cardFirst
          ? 'Pay with your debit or credit card. Your order is placed once the payment is authorised.'
          : 'Pay with PayPal or with a debit or credit card. Your order is placed once the payment is authorised.'}
      </Text>
      <PayPalScript config={payPal} onStatus={reportStatus}>
        {linking ? (
          <Loader role="progressbar" aria-label="Taking your payment" />
        ) : (
          <PaymentButtons {...(cardFirst ? { fundingSource: 'card' as const } : {})} />
        )}
      </PayPalScript>
      {cardFirst && !linking && (
        <Button variant="subtle" w="fit-content" onClick={() => setEveryWay(true)}>
          Pay with PayPal instead
        </Button>
      )}
    </Stack>
  );
}
