import { Button, Group, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import classes from './KitchenDashboard.module.css';

// The customer reads the reason, so the quick ones are written to them.
const QUICK_REASONS = ['Too busy', 'Item unavailable', 'Closing soon'] as const;

const REASON_MAX_LENGTH = 300;

/** "Refuse": a reason is required (the customer sees it); a quick reason fills it, and it can be edited. */
export function RefuseOrderForm({ disabled, onRefuse, onBack }: { disabled: boolean; onRefuse(reason: string): void; onBack(): void }) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed === '') {
      setMissing(true);
      return;
    }
    onRefuse(trimmed);
  }

  return (
    <form onSubmit={submit} className={classes.actionForm} noValidate>
      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>Quick reasons</legend>
        <Group gap="sm">
          {QUICK_REASONS.map((quick) => (
            <Button
              key={quick}
              size="lg"
              variant="outline"
              color="dark"
              onClick={() => {
                setReason(quick);
                setMissing(false);
              }}
            >
              {quick}
            </Button>
          ))}
        </Group>
      </fieldset>
      <Textarea
        label="Reason for refusing (the customer sees this)"
        size="lg"
        required
        autosize
        minRows={2}
        maxLength={REASON_MAX_LENGTH}
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setMissing(false);
        }}
        error={missing ? 'Give the customer a reason' : undefined}
      />
      <Group gap="sm">
        <Button type="submit" size="xl" color="red.9" disabled={disabled}>
          Refuse order
        </Button>
        <Button size="xl" variant="outline" color="dark" onClick={onBack}>
          Back
        </Button>
      </Group>
    </form>
  );
}
