import '@mantine/core/styles/Loader.css';
import { Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { PAYMENT_PROCESSING_PATH, paymentToResume } from '../../../machines/payment/paymentMachine';
import { usePaymentActor, usePaymentNavigation } from './usePayment';
import { ORDER_STEP_COLUMN } from '../../components/order/orderStepColumn';

/** The linked PayPal order, kept for the tab's life so that a reload here asks authorise-capture again. */
const RESUME_KEY = 'paymentToResume';

function savedPayment(): { basketId?: string; payPalOrderId?: string } {
  try {
    return JSON.parse(window.sessionStorage.getItem(RESUME_KEY) ?? '{}') as { basketId?: string; payPalOrderId?: string };
  } catch {
    return {};
  }
}

/** `/paymentProcessing`: the payment being authorised and the order placed (authorise-capture); survives a reload. */
export function PaymentProcessingScreen() {
  const payment = usePaymentActor();
  useEffect(() => {
    // A reload starts the statechart afresh: the order linked before is authorised again (the server is idempotent).
    if (payment.getSnapshot().matches('idle')) {
      const { basketId, payPalOrderId } = savedPayment();
      payment.send({ type: 'RESUME', basketId, payPalOrderId });
    }
    const keep = () => {
      const toResume = paymentToResume(payment.getSnapshot());
      if (toResume !== undefined) window.sessionStorage.setItem(RESUME_KEY, JSON.stringify(toResume));
    };
    keep();
    const subscription = payment.subscribe(keep);
    return () => subscription.unsubscribe();
  }, [payment]);
  usePaymentNavigation(PAYMENT_PROCESSING_PATH);

  return (
    <Stack gap="md" py="md" {...ORDER_STEP_COLUMN} align="flex-start">
      <Title order={1}>Processing your payment</Title>
      <Text role="status">Your payment is being authorised and your order placed. Please do not close this page.</Text>
      <Loader role="progressbar" aria-label="Processing your payment" />
    </Stack>
  );
}
