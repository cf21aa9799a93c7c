import '@mantine/core/styles/List.css';
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { POINTS_PER_VOUCHER } from '../../domain/loyalty';
import { POINTS_VOUCHER_VALUE, voucherCount, voucherValueLabel, type AccountVoucher } from './accountDisplay';
import { useHeldAccount } from './useAuthScreen';

/** `/vouchers`: SPEC §3's three lists, each voucher with what it takes off (SPEC §9); they are used in the basket. */
export function VouchersScreen() {
  const account = useHeldAccount();
  if (!account) return null;
  return (
    <Stack gap="lg" py="md" maw={40 * 16}>
      <Title order={1}>Your vouchers</Title>
      {voucherCount(account) === 0 ? (
        <Text>
          You have no vouchers at the moment. Every {POINTS_PER_VOUCHER} points you earn become a {POINTS_VOUCHER_VALUE} voucher.
        </Text>
      ) : (
        <Text>Add a voucher to your order in the basket.</Text>
      )}
      <VoucherList id="fixed-vouchers" heading="Money-off vouchers" vouchers={account.vouchers} />
      <VoucherList id="points-vouchers" heading="Points vouchers" vouchers={account.pointsVouchers} />
      <VoucherList id="day-vouchers" heading="Day-specific vouchers" vouchers={account.daySpecificVouchers} />
      <Anchor component={Link} to="/account">
        Back to your account
      </Anchor>
    </Stack>
  );
}

function VoucherList({ id, heading, vouchers }: { id: string; heading: string; vouchers: readonly AccountVoucher[] }) {
  return (
    <Stack component="section" gap="xs" aria-labelledby={id}>
      <Title order={2} id={id}>
        {heading}
      </Title>
      {vouchers.length === 0 ? (
        <Text>None at the moment.</Text>
      ) : (
        <List spacing="xs" aria-labelledby={id}>
          {vouchers.map((voucher) => (
            <List.Item key={voucher.voucherId}>
              <Text component="span" fw={700}>
                {voucher.title}
              </Text>
              : {voucherValueLabel(voucher)}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
