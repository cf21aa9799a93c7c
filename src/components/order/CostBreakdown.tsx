import { Group, Stack, Text } from '@mantine/core';
import type { OrderTotals } from '../../../machines/basket/basketMachine';
import { formatPounds } from './money';

function CostRow({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Group justify="space-between" component="div" role="listitem">
      <Text fw={strong ? 700 : 400}>{label}</Text>
      <Text fw={strong ? 700 : 400}>{amount}</Text>
    </Group>
  );
}

/** The server's figures for the order (DESIGN.md: the browser shows them, never its own). */
export function CostBreakdown({ totals, isDelivery }: { totals: OrderTotals; isDelivery: boolean }) {
  return (
    <Stack gap={4} role="list" aria-label="Cost breakdown">
      <CostRow label="Items" amount={formatPounds(totals.orignalItemCost)} />
      {totals.discountValue > 0 && <CostRow label="Discount" amount={`−${formatPounds(totals.discountValue)}`} />}
      <CostRow label="Bag charge" amount={formatPounds(totals.bagCharge)} />
      {isDelivery && <CostRow label="Delivery charge" amount={formatPounds(totals.deliveryCharge)} />}
      <CostRow label="Total" amount={formatPounds(totals.totalCost)} strong />
    </Stack>
  );
}
