import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Anchor, Button, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link, rootRouteId, useMatches, useRouteContext } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ActorRefFrom } from 'xstate';
import { kitchenAlertMachine, unacknowledgedOf } from '../../../machines/kitchen/kitchenAlertMachine';
import { kitchenBoardMachine, newOrdersOf, type KitchenTicket } from '../../../machines/kitchen/kitchenBoardMachine';
import { kitchenBoardActors } from '../../actors/kitchenBoard';
import { createChime, type Chime } from '../../platform/chime';
import { documentTitle, pageFactsOf } from '../../domain/routeFacts';
import classes from './KitchenDashboard.module.css';
import { BusyModeControl } from '../../components/kitchen/BusyModeControl';
import { useKitchenBarSlots } from './KitchenLayout';
import { KitchenTicketCard, ticketElementId } from './KitchenTicketCard';
import { NewPhoneOrderButton } from './PhoneOrder';
import { PrintAlert, PrinterStatusLine } from './PrinterStatus';
import { usePrinterStates } from './usePrinterStates';
import { SoldOutTodayButton } from '../../components/kitchen/SoldOutToday';
import { inArrivalOrder, kitchenSectionOf, newOrdersBannerLine, type KitchenSection } from '../../domain/kitchenTicketLabels';
import { useNow } from '../../components/useNow';

const SECTIONS: readonly { section: KitchenSection; heading: string; empty: string }[] = [
  { section: 'new', heading: 'New', empty: 'No new orders.' },
  { section: 'inProgress', heading: 'In progress', empty: 'Nothing cooking.' },
  { section: 'done', heading: 'Done today', empty: 'Nothing finished yet today.' },
];

/** The staff's dashboard (docs/acceptance-and-kitchen.md, "The kitchen dashboard"), for a tablet in a hot kitchen. */
export function KitchenDashboardScreen() {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const restaurantName = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant?.name });
  const titleSuffix = useMatches({ select: (matches) => pageFactsOf(matches)?.title });
  const slots = useKitchenBarSlots();
  const [chime] = useState(createChime);
  const [boardMachine] = useState(() => kitchenBoardMachine.provide({ actors: kitchenBoardActors(api) }));
  const [alertMachine] = useState(() => kitchenAlertMachine.provide({ actions: { chime: () => chime.play() } }));
  const board = useActorRef(boardMachine);
  const alert = useActorRef(alertMachine);

  const list = useSelector(board, (snapshot) => snapshot.context.list);
  const offline = useSelector(board, (snapshot) => snapshot.hasTag('offline'));
  // The server refuses the token (expired and not refreshed, or the user left the group): retrying cannot help.
  const signInEnded = useSelector(board, (snapshot) => snapshot.context.pollError?.status === 401 || snapshot.context.pollError?.status === 403);
  const busy = useSelector(board, (snapshot) => snapshot.hasTag('busy'));
  const actionErrors = useSelector(board, (snapshot) => snapshot.context.actionErrors);
  // Joined, so that the same orders make the same value and the alert is told only of a change.
  const newOrderRefs = useSelector(board, (snapshot) => newOrdersOf(snapshot).map((ticket) => ticket.orderRef).join(' '));
  const newOrderCount = newOrderRefs === '' ? 0 : newOrderRefs.split(' ').length;
  const announced = useSelector(alert, (snapshot) => (snapshot.hasTag('announcing') ? unacknowledgedOf(snapshot.context).join(' ') : ''));
  const now = useNow(1000, list?.clockOffsetMs ?? 0);
  const printers = usePrinterStates();

  useEffect(() => {
    alert.send({ type: 'NEW_ORDERS', orderRefs: newOrderRefs === '' ? [] : newOrderRefs.split(' ') });
  }, [alert, newOrderRefs]);

  useEffect(() => chime.onStopped(() => alert.send({ type: 'SOUND_BLOCKED' })), [alert, chime]);

  // The tab's title carries the count, so a waiting order shows even from another tab.
  useEffect(() => {
    const title = documentTitle(titleSuffix, restaurantName);
    const counted = newOrderCount > 0 ? `(${newOrderCount}) ${title}` : title;
    document.title = counted;
    // Only the count is taken back: a page navigated to may already have set its own title.
    return () => {
      if (document.title === counted) document.title = title;
    };
  }, [newOrderCount, restaurantName, titleSuffix]);

  const tickets = useMemo(() => inArrivalOrder(list?.orders ?? []), [list]);
  const announcedTickets = announced === '' ? [] : tickets.filter((ticket) => announced.split(' ').includes(ticket.orderRef));
  /** The banner's button: the orders are seen, so the chime stops, and the first of them is brought into view. */
  const showNewOrders = () => {
    const first = announcedTickets[0];
    alert.send({ type: 'ACKNOWLEDGE' });
    const element = first === undefined ? null : document.getElementById(ticketElementId(first.orderRef));
    element?.scrollIntoView({ block: 'start' });
    element?.focus({ preventScroll: true });
  };
  const refreshBoard = useCallback(() => board.send({ type: 'REFRESH' }), [board]);
  const ticketsBySection = (section: KitchenSection): KitchenTicket[] => tickets.filter((ticket) => kitchenSectionOf(ticket, now) === section);

  return (
    <div className={classes.board}>
      {slots.controls !== null && createPortal(<SoundControl alert={alert} chime={chime} />, slots.controls)}
      {slots.alerts !== null &&
        createPortal(
          <>
            {announcedTickets.length > 0 && <NewOrdersBanner tickets={announcedTickets} onShow={showNewOrders} />}
            <PrintAlert printers={printers} now={now} />
          </>,
          slots.alerts,
        )}
      <Group justify="space-between" align="center">
        <Title order={1}>Kitchen</Title>
        <Group align="center">
          <NewPhoneOrderButton onPlaced={refreshBoard} />
          <BookingsLink />
          <SoldOutTodayButton />
        </Group>
      </Group>
      <PrinterStatusLine printers={printers} />

      {offline && (
        <div className={classes.offline} role="status">
          Connection lost, retrying
          {signInEnded && (
            <Text className={classes.offlineDetail}>
              Your sign-in has ended.{' '}
              <Link to="/login" search={{ redirect: '/kitchen' }} className={classes.offlineLink}>
                Sign in again
              </Link>
            </Text>
          )}
        </div>
      )}
      {list === undefined && !offline && <Text className={classes.loading}>Loading orders…</Text>}

      {list !== undefined &&
        SECTIONS.map(({ section, heading, empty }) => {
          const tickets = ticketsBySection(section);
          return (
            <section key={section} className={classes.section} aria-labelledby={`kitchen-${section}`}>
              <h2 id={`kitchen-${section}`} className={classes.sectionHeading}>
                {heading} ({tickets.length})
              </h2>
              {tickets.length === 0 ? (
                <Text className={classes.empty}>{empty}</Text>
              ) : (
                <div className={classes.tickets}>
                  {tickets.map((ticket) => (
                    <KitchenTicketCard
                      key={ticket.orderRef}
                      ticket={ticket}
                      now={now}
                      busy={busy}
                      error={actionErrors[ticket.orderRef]}
                      onCommand={(command) => board.send(command)}
                    />
                  ))}
                </div>
              )}
            </section>
          );
        })}
      <BusyModeControl size="lg" />
    </div>
  );
}

/**
 * In the staff bar: whether the chime can be heard. Browsers play sound only after a tap on the page, so a shift starts
 * with one; the bar says so again whenever the browser stops the sound.
 */
function SoundControl({ alert, chime }: { alert: ActorRefFrom<typeof kitchenAlertMachine>; chime: Chime }) {
  const sound = useSelector(alert, (snapshot) => (snapshot.matches({ sound: 'on' }) ? 'on' : (snapshot.value.sound as 'off' | 'blocked' | 'muted')));
  if (sound === 'off' || sound === 'blocked') {
    return (
      <>
        <p className={classes.soundOff}>{sound === 'blocked' ? 'Sound is off: the browser blocked it' : 'Sound is off'}</p>
        <Button
          size="lg"
          color="yellow.4"
          c="dark"
          className={classes.soundButton}
          onClick={() => void chime.unlock().then((playing) => alert.send({ type: playing ? 'SOUND_ON' : 'SOUND_BLOCKED' }))}
        >
          Tap to turn on sound
        </Button>
      </>
    );
  }
  const muted = sound === 'muted';
  return (
    <>
      <p className={classes.soundState}>{muted ? 'Sound muted' : 'Sound on'}</p>
      <Button size="lg" variant={muted ? 'white' : 'outline'} color={muted ? 'dark' : 'gray.0'} aria-pressed={muted} onClick={() => alert.send({ type: 'TOGGLE_MUTE' })}>
        Mute chime
      </Button>
    </>
  );
}

/** Below the staff bar, so in view however far staff have scrolled, until they tap it. */
function NewOrdersBanner({ tickets, onShow }: { tickets: readonly KitchenTicket[]; onShow(): void }) {
  const count = tickets.length;
  return (
    <div className={classes.newOrdersBanner} role="alert">
      <div className={classes.bannerText}>
        <p className={classes.bannerHeadline}>{count === 1 ? '1 new order' : `${count} new orders`} waiting for an answer</p>
        {/* By the name staff call out and find on the ticket: in a rush the customers' names alone repeat and say little. */}
        <p className={classes.bannerDetail}>{newOrdersBannerLine(tickets)}</p>
      </div>
      <Button size="xl" variant="white" color="dark" onClick={onShow}>
        {count === 1 ? 'Show the new order' : 'Show the new orders'}
      </Button>
    </div>
  );
}

/** To the table bookings and catering enquiries, in a tab of its own as the printed ticket: the dashboard keeps polling and chiming meanwhile. */
function BookingsLink() {
  return (
    <Anchor href="/kitchen/bookings" target="_blank" size="xl" fw={700} c="dark" underline="always" display="inline-block" py="sm">
      Bookings<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}
