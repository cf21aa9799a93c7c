import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Anchor, Button, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link, rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { kitchenAlertMachine } from '../../../machines/kitchen/kitchenAlertMachine';
import { kitchenBoardMachine, newOrdersOf, type KitchenTicket } from '../../../machines/kitchen/kitchenBoardMachine';
import { kitchenBoardActors } from '../../actors/kitchenBoard';
import { createChime } from '../../platform/chime';
import { titleFor } from '../../shell/titles';
import classes from './KitchenDashboard.module.css';
import { BusyModeControl } from './BusyModeControl';
import { KitchenTicketCard } from './KitchenTicketCard';
import { SoldOutTodayButton } from './SoldOutToday';
import { kitchenSectionOf, type KitchenSection } from './kitchenTicketLabels';
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
  const newOrderCount = useSelector(board, (snapshot) => newOrdersOf(snapshot).length);
  const started = useSelector(alert, (snapshot) => !snapshot.matches('standby'));
  const muted = useSelector(alert, (snapshot) => snapshot.context.muted);
  const now = useNow(1000, list?.clockOffsetMs ?? 0);

  useEffect(() => {
    alert.send({ type: 'NEW_ORDERS', count: newOrderCount });
  }, [alert, newOrderCount]);

  // The tab's title carries the count, so a waiting order shows even from another tab.
  useEffect(() => {
    const title = titleFor('/kitchen', restaurantName);
    const counted = newOrderCount > 0 ? `(${newOrderCount}) ${title}` : title;
    document.title = counted;
    // Only the count is taken back: a page navigated to may already have set its own title.
    return () => {
      if (document.title === counted) document.title = title;
    };
  }, [newOrderCount, restaurantName]);

  if (!started) {
    return (
      <div className={classes.board}>
        <Group justify="space-between" align="center">
          <Title order={1}>Kitchen</Title>
          <BookingsLink />
        </Group>
        <Text className={classes.startHint}>Tap to start: the dashboard then shows new orders and plays a chime while any wait for an answer.</Text>
        <Button
          size="xl"
          color="green.9"
          className={classes.startButton}
          onClick={() => {
            chime.unlock();
            alert.send({ type: 'START' });
          }}
        >
          Start taking orders
        </Button>
      </div>
    );
  }

  const ticketsBySection = (section: KitchenSection): KitchenTicket[] => list?.orders.filter((ticket) => kitchenSectionOf(ticket, now) === section) ?? [];

  return (
    <div className={classes.board}>
      <Group justify="space-between" align="center">
        <Title order={1}>Kitchen</Title>
        <Group align="center">
          <BookingsLink />
          <SoldOutTodayButton />
          <Button size="lg" variant={muted ? 'filled' : 'outline'} color="dark" aria-pressed={muted} onClick={() => alert.send({ type: 'TOGGLE_MUTE' })}>
            Mute chime
          </Button>
        </Group>
      </Group>

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
      {newOrderCount > 0 && (
        <div className={classes.newOrdersBanner} role="alert">
          {newOrderCount === 1 ? '1 new order' : `${newOrderCount} new orders`} waiting for an answer
        </div>
      )}
      {list === undefined && !offline && <Text className={classes.startHint}>Loading orders…</Text>}

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
      <BusyModeControl />
    </div>
  );
}

/** To the table bookings and catering enquiries; the dashboard stops polling while it is left, and asks to start again on return. */
// A tab of its own, as the printed ticket: the dashboard keeps polling and chiming while staff read the bookings.
function BookingsLink() {
  return (
    <Anchor href="/kitchen/bookings" target="_blank" size="xl" fw={700} c="dark" underline="always" display="inline-block" py="sm">
      Bookings<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}
