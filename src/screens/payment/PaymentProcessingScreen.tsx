import '@mantine/core/styles/Loader.css';
import { Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { paymentToResume } from '../../../machines/payment/paymentMachine';
import { savePayment } from '../../platform/paymentResume';
import { usePaymentActor } from './usePayment';
import { ORDER_STEP_COLUMN } from '../../components/order/orderStepColumn';

/** `/paymentProcessing`: the payment being authorised and the order placed (authorise-capture); survives a reload. */
export function PaymentProcessingScreen() {
  const payment = usePaymentActor();
  // The journey router resumes a payment not under way as this page opens (src/shell/orderingGate.ts).
  useEffect(() => {
    const keep = () => {
      const toResume = paymentToResume(payment.getSnapshot());
      if (toResume !== undefined) savePayment(toResume);
    };
    keep();
    const subscription = payment.subscribe(keep);
    return () => subscription.unsubscribe();
  }, [payment]);

  return (
    <Stack gap="md" py="md" {...ORDER_STEP_COLUMN} align="flex-start">
      <Title order={1}>Processing your payment</Title>
      <Text role="status">Your payment is being authorised and your order placed. Please do not close this page.</Text>
      <Loader role="progressbar" aria-label="Processing your payment" />
    </Stack>
  );
}
