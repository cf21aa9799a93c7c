import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { callApi } from '../../api/client';
import type { ApiError } from '../../domain/apiErrors';
import type { components, operations } from '../../api/schema.gen';
import { useApiRequest } from '../../actors/useApiRequest';
import { BUSY_EXTRA_MINUTES, BUSY_PAUSE_MINUTES } from '../../domain/busyMode';

type BusyModeAnswer = { busyMode: components['schemas']['BusyMode']; message?: string };
type BusyModeChange = NonNullable<operations['setBusyMode']['requestBody']>['content']['application/json'];

/** Busy mode as the server last told it, and how to change it: shared by the kitchen's staff bar and its control. */
export interface BusyModeState {
  /** The last answer, to a read or a change; null until the first. */
  shown: BusyModeAnswer | null;
  readFailed: boolean;
  changing: boolean;
  changeError: ApiError | null;
  change(change: BusyModeChange): void;
}

/** 60 s: the owner may switch busy mode from another device, and the kitchen's bar must not say otherwise for long. */
const BUSY_MODE_READ_INTERVAL_MS = 60_000;

const BusyModeContext = createContext<BusyModeState | null>(null);

function useBusyModeState(): BusyModeState {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const read = useApiRequest<void, BusyModeAnswer>((_, signal) => callApi(api.GET('/kitchen/busy', { signal }), signal));
  const change = useApiRequest<BusyModeChange, BusyModeAnswer>((body, signal) => callApi(api.POST('/kitchen/busy', { body, signal }), signal));
  const { send: sendRead } = read;
  useEffect(() => {
    sendRead();
    const timer = setInterval(sendRead, BUSY_MODE_READ_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [sendRead]);
  // Whichever answered last is what the server holds now.
  const [shown, setShown] = useState<BusyModeAnswer | null>(null);
  useEffect(() => {
    if (read.data !== null) setShown(read.data);
  }, [read.data]);
  useEffect(() => {
    if (change.data !== null) setShown(change.data);
  }, [change.data]);
  return { shown, readFailed: read.state === 'error', changing: change.busy, changeError: change.state === 'error' ? change.error : null, change: change.send };
}

/** Busy mode read once for every part of a page that shows it (the kitchen's staff bar and its control). */
export function BusyModeProvider({ children }: { children: ReactNode }) {
  return <BusyModeContext.Provider value={useBusyModeState()}>{children}</BusyModeContext.Provider>;
}

/** The busy mode of the page's BusyModeProvider. */
export function useBusyMode(): BusyModeState | null {
  return useContext(BusyModeContext);
}

/**
 * Busy mode (docs/back-office.md): the kitchen, or the owner, pauses new orders for a while or until switched back, or
 * adds minutes to every lead time; customers read why and when ordering resumes. On the kitchen dashboard (whose staff
 * bar shows the same state) and the owner's opening hours page.
 */
export function BusyModeControl({ size = 'sm' }: { size?: ControlSize }) {
  const shared = useBusyMode();
  if (shared === null) {
    return (
      <BusyModeProvider>
        <BusyModeControl size={size} />
      </BusyModeProvider>
    );
  }
  return <BusyModeForm busyMode={shared} size={size} />;
}

/** Mantine's control sizes: the kitchen's tablet takes `lg` (50 px), for a tap in a hurry. */
type ControlSize = 'sm' | 'lg';

function BusyModeForm({ busyMode, size }: { busyMode: BusyModeState; size: ControlSize }) {
  const { shown, readFailed, changing, changeError, change } = busyMode;
  const [extraMinutes, setExtraMinutes] = useState<string>(String(BUSY_EXTRA_MINUTES[1]));
  const on = shown !== null && (shown.busyMode.paused || shown.busyMode.extraMinutes > 0);
  return (
    <Stack gap="xs" component="section" aria-labelledby="busy-mode">
      <Title order={2} id="busy-mode">
        Busy mode
      </Title>
      <Text role="status" fw={on ? 700 : undefined}>
        {shown !== null ? (shown.message ?? 'Off: new orders are taken as usual.') : readFailed ? 'Busy mode could not be read: it can still be switched.' : 'Reading busy mode…'}
      </Text>
      <Group gap="xs">
        {BUSY_PAUSE_MINUTES.map((minutes) => (
          <Button key={minutes} size={size} variant="outline" color="dark" disabled={changing} onClick={() => change({ mode: 'pause', pauseMinutes: minutes })}>
            Pause orders for {minutes} minutes
          </Button>
        ))}
        <Button size={size} variant="outline" color="dark" disabled={changing} onClick={() => change({ mode: 'pause' })}>
          Pause orders until switched back
        </Button>
      </Group>
      <Group gap="xs" align="end">
        <NativeSelect
          size={size}
          label="Extra minutes on every order"
          value={extraMinutes}
          onChange={(event) => setExtraMinutes(event.currentTarget.value)}
          data={BUSY_EXTRA_MINUTES.map((minutes) => ({ value: String(minutes), label: `${minutes} minutes` }))}
        />
        <Button size={size} variant="outline" color="dark" disabled={changing} onClick={() => change({ mode: 'extraTime', extraMinutes: Number(extraMinutes) })}>
          Add extra time
        </Button>
        {on && (
          <Button size={size} color="dark" disabled={changing} onClick={() => change({ mode: 'off' })}>
            End busy mode
          </Button>
        )}
      </Group>
      {changeError !== null && (
        <Alert color="red" variant="outline" title="Busy mode was not changed">
          <Text>{changeError.message ?? 'Please try again.'}</Text>
        </Alert>
      )}
    </Stack>
  );
}
