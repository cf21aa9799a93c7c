import '@mantine/core/styles/Paper.css';
import { Paper, Text } from '@mantine/core';
import { orderLabel } from '../../domain/orderNumbers';

/**
 * The order's number of the day, large ("Order 47"): what the customer reads out when they phone or collect. The long
 * reference under it is only the link's key, so it is small and dimmed.
 */
export function OrderNumber({ orderNumber, orderRef }: { orderNumber: number | undefined; orderRef: string }) {
  return (
    <>
      {orderNumber !== undefined && (
        <Paper withBorder p="md" role="status" aria-label="Order number">
          <Text>Your order number is</Text>
          <Text fw={800} fz={32} lh={1.2}>
            {orderLabel(orderNumber)}
          </Text>
        </Paper>
      )}
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{`Order reference ${orderRef}`}</Text>
    </>
  );
}
