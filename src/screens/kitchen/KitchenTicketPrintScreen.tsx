import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { KitchenOrderList } from '../../../machines/kitchen/kitchenBoardMachine';
import { callApi } from '../../api/client';
import { useApiRequest } from '../../actors/useApiRequest';
import { PageLoading } from '../../components/PageLoading';
import { orderTypeLabel, ticketName } from '../../domain/kitchenTicketLabels';
import classes from './KitchenTicketPrint.module.css';
import { TicketDetails } from './TicketDetails';

type OrderList = Omit<KitchenOrderList, 'clockOffsetMs'>;

/** One order as the 80 mm receipt printer prints it; the screen shows the same with a Print button. */
export function KitchenTicketPrintScreen({ orderId }: { orderId: string }) {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  // The contract has no single-ticket read: the ticket is taken from the dashboard's own list.
  const orders = useApiRequest<void, OrderList>((_, signal) => callApi(api.GET('/kitchen/orders', { signal }), signal));
  const { send } = orders;
  useEffect(() => send(), [send]);

  if (orders.error) {
    return (
      <p className={classes.message} role="alert">
        {orders.error.message ?? 'The ticket could not be loaded.'} Please try again.
      </p>
    );
  }
  if (orders.data === null) return <PageLoading />;
  const ticket = orders.data.orders.find((order) => order.orderRef === orderId);
  if (ticket === undefined) {
    return (
      <p className={classes.message} role="alert">
        We cannot find this order.
      </p>
    );
  }
  const printedAt = new Date(orders.data.serverTime);

  return (
    <div className={classes.page}>
      <Button size="xl" color="dark" className={classes.printButton} onClick={() => window.print()}>
        Print
      </Button>
      <section className={classes.ticket} aria-label="Printable ticket">
        <p className={classes.number}>{ticketName(ticket)}</p>
        <h1 className={classes.heading}>
          {ticket.name}: {orderTypeLabel(ticket)}
        </h1>
        <p className={classes.ref}>Ref. {ticket.orderRef}</p>
        <TicketDetails ticket={ticket} now={printedAt} />
      </section>
    </div>
  );
}
