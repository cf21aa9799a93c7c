import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import { shownErrorMode } from '../../../machines/payment/paymentMachine';
import { StepErrorAlert } from '../../components/order/StepErrorAlert';
import { paymentErrorMessage } from '../../domain/paymentErrors';
import { usePaymentActor } from './usePayment';
import { ORDER_STEP_COLUMN } from '../../components/order/orderStepColumn';

/** `/paymentIssue`: what went wrong with the payment (SPEC §8) and the ways on: cash instead, or PayPal again. */
export function PaymentIssueScreen() {
  const payment = usePaymentActor();
  const mode = useSelector(payment, shownErrorMode);
  const cashError = useSelector(payment, (snapshot) => snapshot.context.cashError);
  const converting = useSelector(payment, (snapshot) => snapshot.matches('convertingToCash'));
  const allowCashPayment = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant?.takeawaySettings.allowCashPayment });

  return (
    <Stack gap="md" py="md" {...ORDER_STEP_COLUMN}>
      <Title order={1}>There has been a payment issue</Title>
      {mode !== undefined && (
        <Alert color="red" title="Your payment was not taken">
          <Text>{paymentErrorMessage(mode)}</Text>
        </Alert>
      )}
      <StepErrorAlert error={cashError} title="Your order could not be changed to cash" />
      <Group>
        {allowCashPayment && (
          <Button onClick={() => payment.send({ type: 'PAY_CASH_INSTEAD' })} loading={converting}>
            Pay with cash instead
          </Button>
        )}
        <Button variant="default" onClick={() => payment.send({ type: 'TRY_AGAIN' })} disabled={converting}>
          Try again
        </Button>
      </Group>
    </Stack>
  );
}
