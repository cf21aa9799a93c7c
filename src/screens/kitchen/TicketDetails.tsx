import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import { Alert, Badge } from '@mantine/core';
import type { KitchenTicket } from '../../../machines/kitchen/kitchenBoardMachine';
import { formatPounds } from '../../domain/money';
import { telHref } from '../../components/order/RestaurantPhoneLink';
import { OrderType } from '../../domain/orderEnums';
import { addressLines, dueTimeLabel, orderTypeLabel, paymentLabel, requestedTimeLabel } from '../../domain/kitchenTicketLabels';
import classes from './TicketDetails.module.css';

function Total({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  return (
    <div className={strong ? `${classes.totalRow} ${classes.grandTotal}` : classes.totalRow}>
      <dt>{label}</dt>
      <dd>{amount}</dd>
    </div>
  );
}

/** Everything on one order that the kitchen cooks and hands over by: the dashboard's card and the printed ticket. */
export function TicketDetails({ ticket, now }: { ticket: KitchenTicket; now: Date }) {
  const isDelivery = ticket.orderType === OrderType.Delivery;
  return (
    <div className={classes.details}>
      <ul className={classes.lines} aria-label="Items">
        {ticket.orderItems.map((line, index) => (
          <li key={`${line.itemId}-${line.configId ?? 0}-${index}`} className={classes.line}>
            <span className={classes.quantity}>{line.quantity} ×</span>
            <span>
              <span className={classes.title}>
                {line.menuNumber && `${line.menuNumber}. `}
                {line.title}
              </span>
              {line.configOption && <span className={classes.option}> ({line.configOption})</span>}
              {line.chineseName && (
                <span className={classes.chineseName} lang={line.chineseScript ?? 'zh-Hans'}>
                  {line.chineseName}
                </span>
              )}
              {ticket.unavailableLines.includes(index) && (
                <Badge color="red.9" variant="light" ml="xs">
                  Unavailable
                </Badge>
              )}
              {line.specialRequest && <span className={classes.request}>Request: {line.specialRequest}</span>}
            </span>
            <span className={classes.lineCost}>{formatPounds(line.lineCost)}</span>
          </li>
        ))}
      </ul>

      {ticket.notes.trim() !== '' && <p className={classes.notes}>Notes: {ticket.notes}</p>}

      <dl className={classes.facts}>
        <div>
          <dt>{orderTypeLabel(ticket)}</dt>
          <dd>{isDelivery ? addressLines(ticket).join(', ') : 'The customer collects'}</dd>
        </div>
        <div>
          <dt>Requested</dt>
          <dd>{requestedTimeLabel(ticket, now)}</dd>
        </div>
        <div>
          <dt>Due</dt>
          <dd>{dueTimeLabel(ticket, now)}</dd>
        </div>
        <div>
          <dt>Customer</dt>
          <dd>
            {ticket.name}, <a href={telHref(ticket.phone)}>{ticket.phone}</a>, {ticket.email}
          </dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{paymentLabel(ticket)}</dd>
        </div>
      </dl>

      {ticket.payment.problem !== null && (
        <Alert color="orange.9" variant="outline" title="Payment problem">
          {ticket.payment.problem}
        </Alert>
      )}

      <dl className={classes.totals} aria-label="Totals">
        {/* The ticket's itemCost is after the discount (the server's figure; the browser adds nothing up). */}
        {ticket.discountValue > 0 && <Total label="Discount" amount={`−${formatPounds(ticket.discountValue)}`} />}
        <Total label={ticket.discountValue > 0 ? 'Items after discount' : 'Items'} amount={formatPounds(ticket.itemCost)} />
        <Total label="Bag charge" amount={formatPounds(ticket.bagCharge)} />
        {isDelivery && <Total label="Delivery charge" amount={formatPounds(ticket.deliveryCharge)} />}
        <Total label="Total" amount={formatPounds(ticket.totalCost)} strong />
      </dl>
    </div>
  );
}
