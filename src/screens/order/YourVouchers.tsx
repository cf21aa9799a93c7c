import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import type { BasketEvent } from '../../../machines/basket/basketMachine';
import { heldVouchers, isApplied, voucherDayAt, voucherDayOffer, type AccountVoucher } from '../../../machines/basket/basketVouchers';
import { useNow } from '../../components/useNow';
import { useBasketActor, useCustomer } from './useBasket';

type RowAction = { action: 'Apply' | 'Remove'; event: BasketEvent } | { action?: undefined; event?: undefined };

/** One row: the voucher's title, what limits it, and the button that sends `event` when the basket would take it. */
function VoucherRow({ title, note, action, event }: { title: string; note?: string } & RowAction) {
  const basket = useBasketActor();
  const allowed = useSelector(basket, (snapshot) => event !== undefined && snapshot.can(event));
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm">
      <div>
        <Text>{title}</Text>
        {note && (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        )}
      </div>
      {action && event && (
        <Button size="xs" variant={action === 'Apply' ? 'light' : 'default'} disabled={!allowed} onClick={() => basket.send(event)} aria-label={`${action} ${title}`}>
          {action}
        </Button>
      )}
    </Group>
  );
}

/** A voucher is offered (Apply) only when it would take off today; otherwise the row says on which day it does. */
function dayNote(voucher: AccountVoucher, dayOfWeek: number): { note?: string; usableToday: boolean } {
  const { days, usableToday } = voucherDayOffer(voucher, dayOfWeek);
  if (days === undefined) return { usableToday };
  return { note: usableToday ? `Can be used on ${days}: today it can` : `Can be used on ${days} only, so not today`, usableToday };
}

/**
 * The customer's vouchers for this order: "Remove" for each on it, "Apply" for each held one that is not (the basket
 * statechart decides whether it may be; the server prices it, or refuses it with its reason). A guest is offered
 * signing in, and comes back here afterwards.
 */
export function YourVouchers() {
  const basket = useBasketActor();
  const { signedIn, account } = useCustomer();
  const here = useLocation({ select: (location) => location.pathname });
  const applied = useSelector(basket, (snapshot) => snapshot.context.voucherItems);
  const refusal = useSelector(basket, (snapshot) => snapshot.context.fieldErrors.voucher);
  // Renewed each minute, so that a page left open past midnight offers what the new day allows.
  const dayOfWeek = voucherDayAt(useNow(60_000));

  if (!signedIn) {
    return (
      <Anchor renderRoot={(props) => <Link {...props} to="/login" search={{ redirect: here }} />} w="fit-content">
        Sign in to use your discount and vouchers
      </Anchor>
    );
  }
  const held = account === undefined ? [] : heldVouchers(account);
  const offered = held.filter((voucher) => !isApplied(voucher.voucherId, applied));
  if (applied.length === 0 && offered.length === 0 && refusal === undefined) return null;

  return (
    <Paper component="section" withBorder p="sm" aria-labelledby="your-vouchers">
      <Stack gap="xs">
        <Title order={2} size="h4" id="your-vouchers">
          Your vouchers
        </Title>
        {refusal && (
          <Alert color="lacquerRed" role="alert" title="A voucher could not be used">
            {refusal}
          </Alert>
        )}
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {applied.map((voucher, index) => (
            <VoucherRow
              key={voucher.voucherId}
              title={voucher.title}
              note="Applied to this order"
              action="Remove"
              event={{ type: 'REMOVE_VOUCHER', index, voucherId: voucher.voucherId }}
            />
          ))}
          {offered.map((voucher) => {
            const { note, usableToday } = dayNote(voucher, dayOfWeek);
            return usableToday ? (
              <VoucherRow key={voucher.voucherId} title={voucher.title} note={note} action="Apply" event={{ type: 'ADD_VOUCHER', voucher, held, dayOfWeek }} />
            ) : (
              <VoucherRow key={voucher.voucherId} title={voucher.title} note={note} />
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
