import { Alert, Badge, Button, Group, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import type { KitchenCommand, KitchenTicket } from '../../../machines/kitchen/kitchenBoardMachine';
import { allowedNextKitchenStatuses, hasTicketInProgress } from '../../domain/kitchenStatus';
import { AcceptanceStatus, KitchenStatus, type KitchenStatusValue } from '../../domain/orderEnums';
import { slotLabel } from '../../domain/timeSlotLabels';
import { answerClockStarted, countdownLabel, dueTimeLabel, orderTypeLabel, statusActionLabel, ticketName, ticketStateLabel } from '../../domain/kitchenTicketLabels';
import classes from './KitchenDashboard.module.css';
import { ProposeTimeForm } from './ProposeTimeForm';
import { ReprintButton } from './PrinterStatus';
import { RefuseOrderForm } from './RefuseOrderForm';
import { TicketDetails } from './TicketDetails';

type OpenForm = 'none' | 'newTime' | 'refuse' | 'confirmCancel';

interface KitchenTicketCardProps {
  ticket: KitchenTicket;
  /** The server's clock, as near as the last list tells it. */
  now: Date;
  /** An action is in flight (on any order): buttons wait, so one tap is one change. */
  busy: boolean;
  /** The server's refusal of the last action on this order. */
  error: string | undefined;
  onCommand(command: KitchenCommand): void;
}

function statusButtonColor(status: KitchenStatusValue): string {
  if (status === KitchenStatus.Cancelled) return 'red.9';
  if (status === KitchenStatus.Refunded) return 'gray.8';
  return 'green.9';
}

/** The ticket's element, which the new-order banner brings into view and focuses. */
export const ticketElementId = (orderRef: string) => `order-${orderRef}`;

/** One order on the dashboard: what to cook and for whom, and the answers staff may give it now. */
export function KitchenTicketCard({ ticket, now, busy, error, onCommand }: KitchenTicketCardProps) {
  const [openForm, setOpenForm] = useState<OpenForm>('none');
  const orderRef = ticket.orderRef;
  const isNew = ticket.acceptanceStatus === AcceptanceStatus.Requested && !ticket.cancelled;
  const awaitsCustomer = ticket.acceptanceStatus === AcceptanceStatus.Updated && !ticket.cancelled;
  const nextStatuses =
    ticket.acceptanceStatus === AcceptanceStatus.Accepted && !ticket.cancelled && ticket.kitchenStatus !== null
      ? allowedNextKitchenStatuses(ticket.kitchenStatus, ticket.orderType, ticket.paymentType)
      : [];
  const forwardStatuses = nextStatuses.filter((status) => status !== KitchenStatus.Cancelled);
  const send = (command: KitchenCommand) => {
    setOpenForm('none');
    onCommand(command);
  };

  return (
    <article id={ticketElementId(orderRef)} tabIndex={-1} className={isNew ? `${classes.ticket} ${classes.newTicket}` : classes.ticket} aria-label={ticketName(ticket)}>
      <header className={classes.ticketHeader}>
        <div>
          <p className={classes.orderNumber}>{ticketName(ticket)}</p>
          <h3 className={classes.customerName}>{ticket.name}</h3>
          <Text className={classes.orderRef}>Ref. {orderRef}</Text>
        </div>
        <Group gap="xs">
          {ticket.channel === 'phone' && (
            <Badge size="xl" color="teal.9" variant="filled">
              Phone order
            </Badge>
          )}
          {ticket.preOrder && (
            <Badge size="xl" color="violet.9" variant="filled">
              Pre-order
            </Badge>
          )}
          <Badge size="xl" color="dark" variant="filled">
            {orderTypeLabel(ticket)}
          </Badge>
          <Badge size="xl" color={isNew ? 'red.9' : 'gray.8'} variant={isNew ? 'filled' : 'outline'}>
            {ticketStateLabel(ticket)}
          </Badge>
        </Group>
      </header>

      <Text className={classes.due}>Due {dueTimeLabel(ticket, now)}</Text>
      {isNew && ticket.autoRefuseAt !== null && !answerClockStarted(ticket, now) && (
        <Text className={classes.waiting}>Answer from {slotLabel(ticket.answerFrom, now)}: refused automatically at {slotLabel(ticket.autoRefuseAt, now)} if nobody answers.</Text>
      )}
      {isNew && ticket.autoRefuseAt !== null && answerClockStarted(ticket, now) && (
        <Text className={classes.countdown} role="timer" aria-label="Refused automatically in">
          Refused automatically in {countdownLabel(Date.parse(ticket.autoRefuseAt) - now.getTime())}
        </Text>
      )}
      {awaitsCustomer && <Text className={classes.waiting}>New time proposed: waiting for the customer to accept or cancel.</Text>}
      {ticket.refusalReason !== null && <Text className={classes.waiting}>Refused: {ticket.refusalReason}</Text>}

      <TicketDetails ticket={ticket} now={now} />

      {error !== undefined && (
        <Alert color="red" variant="filled" title="Not changed">
          {error}
        </Alert>
      )}

      {openForm === 'newTime' && (
        <ProposeTimeForm now={now} due={new Date(ticket.updateTime)} disabled={busy} onBack={() => setOpenForm('none')} onPropose={(updateTime) => send({ type: 'PROPOSE_TIME', orderRef, updateTime })} />
      )}
      {openForm === 'refuse' && (
        <RefuseOrderForm
          lines={ticket.orderItems}
          disabled={busy}
          onBack={() => setOpenForm('none')}
          onRefuse={(reason, unavailableLines) => send({ type: 'REFUSE', orderRef, reason, unavailableLines })}
        />
      )}
      {openForm === 'confirmCancel' && (
        <div className={classes.actionForm}>
          <Text className={classes.legend}>Cancel this order? The customer is told it has been cancelled.</Text>
          <Group gap="sm">
            <Button size="xl" color="red.9" disabled={busy} onClick={() => send({ type: 'SET_STATUS', orderRef, kitchenStatus: KitchenStatus.Cancelled })}>
              Yes, cancel order
            </Button>
            <Button size="xl" variant="outline" color="dark" onClick={() => setOpenForm('none')}>
              Keep order
            </Button>
          </Group>
        </div>
      )}

      {openForm === 'none' && (
        <Group gap="sm" className={classes.actions}>
          {isNew && (
            <>
              <Button size="xl" color="green.9" disabled={busy} onClick={() => send({ type: 'ACCEPT', orderRef })}>
                Accept
              </Button>
              <Button size="xl" color="blue.9" disabled={busy} onClick={() => setOpenForm('newTime')}>
                Accept with a new time
              </Button>
            </>
          )}
          {(isNew || awaitsCustomer) && (
            <Button size="xl" color="red.9" variant="outline" disabled={busy} onClick={() => setOpenForm('refuse')}>
              Refuse
            </Button>
          )}
          {forwardStatuses.map((status) => (
            <Button key={status} size="xl" color={statusButtonColor(status)} disabled={busy} onClick={() => send({ type: 'SET_STATUS', orderRef, kitchenStatus: status })}>
              {statusActionLabel(status)}
            </Button>
          ))}
          {nextStatuses.includes(KitchenStatus.Cancelled) && (
            <Button size="xl" color="red.9" variant="outline" disabled={busy} onClick={() => setOpenForm('confirmCancel')}>
              {statusActionLabel(KitchenStatus.Cancelled)}
            </Button>
          )}
          {/* While it is in progress; a cancelled, refunded or completed order keeps only the browser's Print ticket. */}
          {hasTicketInProgress(ticket) && <ReprintButton orderRef={orderRef} />}
          {/* A tab of its own, so the dashboard keeps polling (and its chime) while the ticket prints. */}
          <Button component="a" href={`/kitchen/ticket/${encodeURIComponent(orderRef)}`} target="_blank" size="xl" variant="subtle" color="dark">
            Print ticket
          </Button>
          {busy && <Loader size="md" color="dark" role="progressbar" aria-label="Sending" />}
        </Group>
      )}
    </article>
  );
}
