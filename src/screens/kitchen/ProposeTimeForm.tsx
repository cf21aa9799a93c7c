import { Button, Group } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { quarterHourChoices } from '../../domain/kitchenTicketLabels';
import classes from './KitchenDashboard.module.css';

/** "Accept with a new time": big quarter-hour buttons rather than a dropdown, for wet or gloved fingers. */
interface ProposeTimeFormProps {
  now: Date;
  /** When the order is due now: the new time is later. */
  due: Date;
  disabled: boolean;
  onPropose(updateTime: string): void;
  onBack(): void;
}

export function ProposeTimeForm({ now, due, disabled, onPropose, onBack }: ProposeTimeFormProps) {
  // The choices are fixed when the form opens, so a button does not move under a finger as the clock ticks.
  const [choices] = useState(() => quarterHourChoices(now, due));
  const [chosen, setChosen] = useState<string | undefined>(undefined);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen !== undefined) onPropose(chosen);
  }

  return (
    <form onSubmit={submit} className={classes.actionForm}>
      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>New time for the customer to accept</legend>
        <div className={classes.timeGrid}>
          {choices.map((choice) => (
            <Button
              key={choice.value}
              size="lg"
              variant={chosen === choice.value ? 'filled' : 'outline'}
              color="dark"
              aria-pressed={chosen === choice.value}
              onClick={() => setChosen(choice.value)}
            >
              {choice.label}
            </Button>
          ))}
        </div>
      </fieldset>
      <Group gap="sm">
        <Button type="submit" size="xl" color="blue.9" disabled={disabled || chosen === undefined}>
          Send new time
        </Button>
        <Button size="xl" variant="outline" color="dark" onClick={onBack}>
          Back
        </Button>
      </Group>
    </form>
  );
}
