import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { components } from '../../api/schema.gen';
import { allergenName, dietaryName } from './menuLabels';
import { formatPounds } from './money';

type MenuItem = components['schemas']['MenuItem'];
type ConfigItem = components['schemas']['ConfigItem'];

function optionLabel(option: ConfigItem): string {
  return option.extraCost > 0 ? `${option.configItem} (+${formatPounds(option.extraCost)})` : option.configItem;
}

/**
 * One dish: its price, options with their extra cost, and its allergens and dietary labels in plain sight,
 * because UK distance-selling rules want allergen information before the customer commits to buy.
 */
export function MenuItemCard({ item, onAdd }: { item: MenuItem; onAdd: (item: MenuItem, option: ConfigItem | undefined) => void }) {
  const [chosenConfigId, setChosenConfigId] = useState(item.configItems[0]?.configId);
  const chosenOption = item.configItems.find((option) => option.configId === chosenConfigId);
  const headingId = `menu-item-${item.itemId}`;

  return (
    <Paper component="article" withBorder p="sm" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} size="h4" id={headingId}>
            {item.title}
          </Title>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {formatPounds(item.itemCost + (chosenOption?.extraCost ?? 0))}
          </Text>
        </Group>
        {item.description && <Text size="sm">{item.description}</Text>}
        {item.extendedDescription && (
          <Text size="sm" c="dimmed">
            {item.extendedDescription}
          </Text>
        )}
        {item.dietary.length > 0 && (
          <Group gap={4}>
            {item.dietary.map((label) => (
              <Badge key={label} variant="light" color={label === 'vegetarian' || label === 'vegan' ? 'green' : 'lacquerRed'} size="sm">
                {dietaryName(label)}
              </Badge>
            ))}
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {item.allergens.length > 0 ? `Allergens: ${item.allergens.map(allergenName).join(', ')}` : 'No listed allergens'}
        </Text>
        {item.available ? (
          <Group align="flex-end" gap="sm" wrap="wrap">
            {item.configItems.length > 0 && (
              <NativeSelect
                label={`Option for ${item.title}`}
                size="sm"
                style={{ flex: '1 1 12rem' }}
                value={String(chosenConfigId)}
                onChange={(event) => setChosenConfigId(Number(event.currentTarget.value))}
                data={item.configItems.map((option) => ({ value: String(option.configId), label: optionLabel(option) }))}
              />
            )}
            <Button size="sm" onClick={() => onAdd(item, chosenOption)} aria-label={`Add ${item.title} to order`}>
              Add
            </Button>
          </Group>
        ) : (
          <Text size="sm" fw={600} c="dimmed">
            Not available at the moment
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
