import { ActionIcon, Group, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';

/** One line's quantity, with buttons named after the dish so a screen reader says which line they change. */
export function QuantityControls({ title, quantity, onIncrease, onDecrease }: { title: string; quantity: number; onIncrease: () => void; onDecrease: () => void }) {
  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon variant="light" size="lg" aria-label={`Remove one ${title}`} onClick={onDecrease}>
        <IconMinus size={18} aria-hidden />
      </ActionIcon>
      <Text fw={700} miw="1.5rem" ta="center">
        {quantity}
      </Text>
      <ActionIcon variant="light" size="lg" aria-label={`Add one more ${title}`} onClick={onIncrease}>
        <IconPlus size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
