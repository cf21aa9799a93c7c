import { Button, Group, Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { moneyOnCancel, type OrderPayment } from '../../domain/cancelMoney';

interface CancelOrderDialogProps {
  opened: boolean;
  payment: OrderPayment | undefined;
  onCancel(): void;
  onKeep(): void;
}

/**
 * The confirmation before a placed order is cancelled (docs/acceptance-and-kitchen.md): one tap never loses an order.
 * "Keep my order" has the focus, so Enter or a stray tap keeps it; closing the dialog keeps it too.
 */
export function CancelOrderDialog({ opened, payment, onCancel, onKeep }: CancelOrderDialogProps) {
  return (
    <ConfirmDialog opened={opened} title="Cancel your order?" onClose={onKeep}>
      <Stack gap="sm">
        <Text>The restaurant will not make it.</Text>
        {payment && <Text fw={700}>{moneyOnCancel(payment)}</Text>}
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onKeep} data-autofocus>
            Keep my order
          </Button>
          <Button color="lacquerRed" onClick={onCancel}>
            Yes, cancel order
          </Button>
        </Group>
      </Stack>
    </ConfirmDialog>
  );
}
