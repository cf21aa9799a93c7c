import { Group, Stack, Text } from '@mantine/core';
import type { OrderTotals } from '../../../machines/basket/basketMachine';
import type { VoucherItem } from '../../../machines/basket/basketVouchers';
import { formatPounds } from './money';

function CostRow({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Group justify="space-between" component="div" role="listitem" wrap="nowrap">
      <Text fw={strong ? 700 : 400}>{label}</Text>
      <Text fw={strong ? 700 : 400}>{amount}</Text>
    </Group>
  );
}

/** A discount as the breakdown shows it: "−£1.13". */
const minus = (pounds: number) => `−${formatPounds(Math.abs(pounds))}`;

/**
 * The server's figures for the order (DESIGN.md: the browser shows them, never its own): the items, each discount on
 * a line of its own (the profile discount, then each voucher by its title), the bag and delivery charges, the total.
 */
export function CostBreakdown({ totals, voucherItems, isDelivery }: { totals: OrderTotals; voucherItems: readonly VoucherItem[]; isDelivery: boolean }) {
  return (
    <Stack gap={4} role="list" aria-label="Cost breakdown">
      <CostRow label="Items" amount={formatPounds(totals.orignalItemCost)} />
      {totals.profileDiscountValue > 0 && <CostRow label={`Your ${totals.discount}% discount`} amount={minus(totals.profileDiscountValue)} />}
      {voucherItems.map((voucher) => (
        <CostRow key={voucher.voucherId} label={voucher.title} amount={minus(voucher.lineCost)} />
      ))}
      <CostRow label="Bag charge" amount={formatPounds(totals.bagCharge)} />
      {isDelivery && <CostRow label="Delivery charge" amount={formatPounds(totals.deliveryCharge)} />}
      <CostRow label="Total" amount={formatPounds(totals.totalCost)} strong />
    </Stack>
  );
}
