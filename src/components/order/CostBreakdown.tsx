import { Group, Stack, Text } from '@mantine/core';
import type { DeliveryChargeShown, OrderTotals } from '../../../machines/basket/basketMachine';
import { formatPounds, penceToPounds, poundsToPence } from '../../domain/money';
import type { VoucherItem } from '../../../machines/basket/basketVouchers';

/** One discount of the order and what it takes off, in pounds. */
export interface DiscountLine {
  label: string;
  amount: number;
}

function CostRow({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Group justify="space-between" component="div" role="listitem" wrap="nowrap">
      <Text fw={strong ? 700 : 400}>{label}</Text>
      <Text fw={strong ? 700 : 400}>{amount}</Text>
    </Group>
  );
}

/** A basket's discounts as the server priced them, each its own line: the profile discount, then each voucher by its title. */
export function basketDiscounts(totals: OrderTotals, voucherItems: readonly VoucherItem[]): DiscountLine[] {
  return [
    ...(totals.profileDiscountValue > 0 ? [{ label: `Your ${totals.discount}% discount`, amount: totals.profileDiscountValue }] : []),
    ...voucherItems.map((voucher) => ({ label: voucher.title, amount: Math.abs(voucher.lineCost) })),
  ];
}

/**
 * The server's figures for the order (DESIGN.md: the browser shows them, never its own): the items, each discount on
 * a line of its own ("−£1.13"), the bag and delivery charges, the total.
 */
export function CostBreakdown({
  totals,
  discounts,
  isDelivery,
  delivery,
}: {
  totals: Pick<OrderTotals, 'orignalItemCost' | 'bagCharge' | 'deliveryCharge' | 'totalCost'>;
  discounts: readonly DiscountLine[];
  isDelivery: boolean;
  /** How the basket statechart says the delivery charge may be told (a basket's); a placed order's is its own. */
  delivery?: DeliveryChargeShown;
}) {
  // Until the postcode is known, no delivery figure is told, and the total is what is known so far.
  const byPostcode = delivery?.kind === 'byPostcode';
  return (
    <Stack gap={4} role="list" aria-label="Cost breakdown">
      <CostRow label="Items" amount={formatPounds(totals.orignalItemCost)} />
      {discounts.map((discount, index) => (
        <CostRow key={index} label={discount.label} amount={`−${formatPounds(discount.amount)}`} />
      ))}
      <CostRow label="Bag charge" amount={formatPounds(totals.bagCharge)} />
      {isDelivery && (
        <CostRow
          label={delivery?.kind === 'zone' ? `Delivery charge to ${delivery.postcode}` : 'Delivery charge'}
          amount={byPostcode ? 'Depends on your postcode' : formatPounds(totals.deliveryCharge)}
        />
      )}
      {byPostcode ? (
        <CostRow label="Total before delivery" amount={formatPounds(penceToPounds(poundsToPence(totals.totalCost) - poundsToPence(totals.deliveryCharge)))} strong />
      ) : (
        <CostRow label="Total" amount={formatPounds(totals.totalCost)} strong />
      )}
      {delivery?.kind === 'zone' && (
        <Text size="sm" c="dimmed" role="listitem">
          {`Priced for ${delivery.postcode}: each area we deliver to has its own charge for delivery.`}
        </Text>
      )}
    </Stack>
  );
}
