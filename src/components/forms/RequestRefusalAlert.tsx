import { Alert, List, Text } from '@mantine/core';
import { RestaurantPhoneLink } from '../order/RestaurantPhoneLink';
import type { FormRefusal } from './useRequestForm';

/** A refusal no field can show (SPEC §8's message, or no answer at all), with the phone as the way round it. */
export function RequestRefusalAlert({ refusal, title, phone }: { refusal: FormRefusal | undefined; title: string; phone: string }) {
  if (!refusal) return null;
  return (
    <Alert color="lacquerRed" title={title} role="alert">
      {refusal.message !== null && <Text size="sm">{refusal.message}</Text>}
      {refusal.unplaced.length > 0 && (
        <List size="sm">
          {refusal.unplaced.map((failure) => (
            <List.Item key={failure}>{failure}</List.Item>
          ))}
        </List>
      )}
      <Text size="sm">
        {/* Shown after a refusal that waiting will not change as well as after a lost connection: no "try again in a moment". */}
        Everything you entered is still here, to change or to send again; or phone us on <RestaurantPhoneLink phone={phone} />.
      </Text>
    </Alert>
  );
}
