import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Paper.css';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { orderUpdatesMachineFor } from '../../actors/orderUpdates';
import { orderUpdatesChannel } from '../../platform/orderUpdates';
import { announce } from '../a11y/announcer';

const ON = 'Notifications are on: we will tell you when your order changes, even with this page closed.';
// The stop silences this order's pushes only: an email may ask the customer to act (docs/notifications.md).
const OFF = 'Notifications about this order are off. Our emails about it still come, such as a new time for you to accept.';
const BLOCKED =
  "Notifications are blocked for this site, so we cannot tell you about this order that way. You can allow them in your browser's site settings and try again; this page keeps itself up to date meanwhile.";

/**
 * "Notify me about this order" and, once on, "Stop notifications", for the device that placed the order (it holds the
 * basket id): web push in a browser, the app's push inside the native apps (machines/orderUpdates). Not shown where
 * neither is possible. The outcome of the customer's request is said through the app's live region.
 */
export function OrderUpdatesControl({ basketId }: { basketId: string }) {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const webPushPublicKey = useRouteContext({ from: rootRouteId, select: (context) => context.webPushPublicKey });
  const machine = useMemo(() => orderUpdatesMachineFor(orderUpdatesChannel(api, webPushPublicKey)), [api, webPushPublicKey]);
  const [snapshot, send] = useMachine(machine, { input: { basketId } });
  const { answered, error } = snapshot.context;
  const standing = snapshot.value;

  const outcome =
    standing === 'registered' ? ON
    : standing === 'stopped' ? OFF
    : standing === 'denied' ? BLOCKED
    : (standing === 'failed' || standing === 'stopFailed') && error ? error.message ?? undefined
    : undefined;
  useEffect(() => {
    if (answered && outcome) announce(outcome);
  }, [answered, outcome]);

  if (standing === 'reading' || standing === 'unavailable') return null;
  const busy = snapshot.hasTag('busy');
  const canNotify = snapshot.can({ type: 'NOTIFY' }) || standing === 'registering';
  const canStop = snapshot.can({ type: 'STOP' }) || standing === 'stopping';
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="order-updates-title">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id="order-updates-title">
          Order updates
        </Title>
        {standing === 'offered' || standing === 'registering' ? (
          <Text>We can tell you when the restaurant accepts your order and when it is ready, even with this page closed.</Text>
        ) : (
          outcome && <Text c={standing === 'failed' || standing === 'stopFailed' ? 'lacquerRed.7' : undefined}>{outcome}</Text>
        )}
        {canNotify && (
          <Button onClick={() => send({ type: 'NOTIFY' })} loading={standing === 'registering'} disabled={busy && standing !== 'registering'}>
            Notify me about this order
          </Button>
        )}
        {canStop && (
          <Button variant="outline" onClick={() => send({ type: 'STOP' })} loading={standing === 'stopping'}>
            Stop notifications
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
