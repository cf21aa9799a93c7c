import { Text } from '@mantine/core';
import { busyMessage, type BusyMode } from '../../domain/busyMode';

/** What customers read while the kitchen's busy mode is on ("Orders are taking 20 minutes longer tonight"); nothing otherwise. */
export function BusyNotice({ busyMode, now }: { busyMode: BusyMode | undefined; now: Date }) {
  const message = busyMessage(busyMode, now);
  if (message === undefined) return null;
  return (
    <Text fw={700} role="status">
      {message}
    </Text>
  );
}
