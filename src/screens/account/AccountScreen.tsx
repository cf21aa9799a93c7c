import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/List.css';
import { Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { formatPounds } from '../../domain/money';
import { POINTS_PER_VOUCHER } from '../../domain/loyalty';
import { addressLines, ordersNewestFirst, orderDateLabel, orderTypeLabel, pointsToNextVoucher, POINTS_VOUCHER_VALUE, voucherCount, type AccountProfile } from './accountDisplay';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { useAuthBusy, useAuthScreen, useHeldAccount } from './useAuthScreen';

/** `/account` (SPEC §2, §3): what the account holds, and the ways to change it, sign out or delete it. */
export function AccountScreen() {
  const account = useHeldAccount();
  const { act } = useAuthScreen();
  const busy = useAuthBusy();
  const [deleting, setDeleting] = useState(false);

  if (!account) return null;
  return (
    <Stack gap="lg" py="md" maw={40 * 16}>
      <Title order={1}>Your account details</Title>
      <AccountDetails account={account} />
      <Addresses account={account} />
      <PreviousOrders account={account} />
      <Group gap="sm">
        <Button variant="default" loading={busy && !deleting} onClick={() => act({ type: 'SIGN_OUT' })}>
          Sign out
        </Button>
        <Button color="lacquerRed" variant="outline" onClick={() => setDeleting(true)}>
          Delete account
        </Button>
      </Group>
      <DeleteAccountDialog opened={deleting} email={account.email} onDelete={() => act({ type: 'DELETE_ACCOUNT' })} onKeep={() => setDeleting(false)} />
    </Stack>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" fw={700}>
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

function AccountDetails({ account }: { account: AccountProfile }) {
  const vouchers = voucherCount(account);
  return (
    <Stack component="section" gap="sm" aria-labelledby="account-details-heading">
      <Title order={2} id="account-details-heading">
        Your details
      </Title>
      <Stack component="dl" gap="xs" m={0}>
        <Detail label="Email">{account.email}</Detail>
        <Detail label="Name">{account.name ?? 'Not given'}</Detail>
        <Detail label="Phone number">{account.phone ?? 'Not given'}</Detail>
        <Detail label="Your discount">{account.discount > 0 ? `${account.discount}% off the items of every order` : 'None at the moment'}</Detail>
        <Detail label="Points">
          {account.points} {account.points === 1 ? 'point' : 'points'}: {pointsToNextVoucher(account.points)} more for your next {POINTS_VOUCHER_VALUE} voucher
          (every {POINTS_PER_VOUCHER} points). An order earns its points when the restaurant accepts it.
        </Detail>
        <Detail label="Vouchers">
          {vouchers === 0 ? 'You have no vouchers at the moment' : `You have ${vouchers} ${vouchers === 1 ? 'voucher' : 'vouchers'}`}.{' '}
          <Anchor component={Link} to="/vouchers" underline="always">
            View your vouchers
          </Anchor>
        </Detail>
      </Stack>
      <Group gap="md">
        <Anchor component={Link} to="/updateProfile">
          Update profile
        </Anchor>
        <Anchor component={Link} to="/accountQR">
          Your loyalty QR code
        </Anchor>
      </Group>
    </Stack>
  );
}

function Addresses({ account }: { account: AccountProfile }) {
  return (
    <Stack component="section" gap="sm" aria-labelledby="account-addresses-heading">
      <Title order={2} id="account-addresses-heading">
        Your addresses
      </Title>
      {account.addresses.length === 0 ? (
        <Text>You have not saved an address yet.</Text>
      ) : (
        <List listStyleType="none" spacing="sm" aria-labelledby="account-addresses-heading">
          {account.addresses.map((address, index) => (
            <List.Item key={index}>
              <Text component="address" fs="normal">
                {addressLines(address).map((line, lineIndex) => (
                  <span key={lineIndex}>
                    {lineIndex > 0 && <br />}
                    {line}
                  </span>
                ))}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      <Anchor component={Link} to="/addAddress">
        Add an address
      </Anchor>
    </Stack>
  );
}

function PreviousOrders({ account }: { account: AccountProfile }) {
  const orders = ordersNewestFirst(account.orders);
  return (
    <Stack component="section" gap="sm" aria-labelledby="account-orders-heading">
      <Title order={2} id="account-orders-heading">
        Previous orders
      </Title>
      {orders.length === 0 ? (
        <Text>You have not ordered with your account yet.</Text>
      ) : (
        <>
          <List spacing="xs" aria-labelledby="account-orders-heading">
            {orders.map((order) => (
              <List.Item key={order.orderId}>
                {orderDateLabel(order)}: {orderTypeLabel(order)}, {formatPounds(order.totalCost)}
              </List.Item>
            ))}
          </List>
          <Anchor component={Link} to="/viewOrder">
            View previous orders and order again
          </Anchor>
        </>
      )}
    </Stack>
  );
}
