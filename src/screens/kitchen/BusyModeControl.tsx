import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { callApi } from '../../api/client';
import type { components, operations } from '../../api/schema.gen';
import { useApiRequest } from '../../api/useApiRequest';
import { BUSY_EXTRA_MINUTES, BUSY_PAUSE_MINUTES } from '../../domain/busyMode';

type BusyModeAnswer = { busyMode: components['schemas']['BusyMode']; message?: string };
type BusyModeChange = NonNullable<operations['setBusyMode']['requestBody']>['content']['application/json'];

/**
 * Busy mode (docs/back-office.md): the kitchen, or the owner, pauses new orders for a while or until switched back, or
 * adds minutes to every lead time; customers read why and when ordering resumes. On the kitchen dashboard and the
 * owner's opening hours page.
 */
export function BusyModeControl() {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const [extraMinutes, setExtraMinutes] = useState<string>(String(BUSY_EXTRA_MINUTES[1]));
  const request = useApiRequest<BusyModeChange | null, BusyModeAnswer>((change, signal) =>
    callApi(change === null ? api.GET('/kitchen/busy', { signal }) : api.POST('/kitchen/busy', { body: change, signal }), signal),
  );
  const { send: sendRequest } = request;
  // Whether the last call was a change: a failed read is said in the status line, a failed change in an alert.
  const [changing, setChanging] = useState(false);
  const send = (change: BusyModeChange) => {
    setChanging(true);
    sendRequest(change);
  };
  useEffect(() => sendRequest(null), [sendRequest]);
  const [shown, setShown] = useState<BusyModeAnswer | null>(null);
  useEffect(() => {
    if (request.data !== null) setShown(request.data);
  }, [request.data]);

  const on = shown !== null && (shown.busyMode.paused || shown.busyMode.extraMinutes > 0);
  return (
    <Stack gap="xs" component="section" aria-labelledby="busy-mode">
      <Title order={2} id="busy-mode">
        Busy mode
      </Title>
      <Text role="status" fw={on ? 700 : undefined}>
        {shown !== null
          ? (shown.message ?? 'Off: new orders are taken as usual.')
          : request.state === 'error'
            ? 'Busy mode could not be read: it can still be switched.'
            : 'Reading busy mode…'}
      </Text>
      <Group gap="xs">
        {BUSY_PAUSE_MINUTES.map((minutes) => (
          <Button key={minutes} variant="outline" color="dark" disabled={request.busy} onClick={() => send({ mode: 'pause', pauseMinutes: minutes })}>
            Pause orders for {minutes} minutes
          </Button>
        ))}
        <Button variant="outline" color="dark" disabled={request.busy} onClick={() => send({ mode: 'pause' })}>
          Pause orders until switched back
        </Button>
      </Group>
      <Group gap="xs" align="end">
        <NativeSelect
          label="Extra minutes on every order"
          value={extraMinutes}
          onChange={(event) => setExtraMinutes(event.currentTarget.value)}
          data={BUSY_EXTRA_MINUTES.map((minutes) => ({ value: String(minutes), label: `${minutes} minutes` }))}
        />
        <Button variant="outline" color="dark" disabled={request.busy} onClick={() => send({ mode: 'extraTime', extraMinutes: Number(extraMinutes) })}>
          Add extra time
        </Button>
        {on && (
          <Button color="dark" disabled={request.busy} onClick={() => send({ mode: 'off' })}>
            End busy mode
          </Button>
        )}
      </Group>
      {changing && request.state === 'error' && (
        <Alert color="red" variant="outline" title="Busy mode was not changed">
          <Text>{request.error?.message ?? 'Please try again.'}</Text>
        </Alert>
      )}
    </Stack>
  );
}
