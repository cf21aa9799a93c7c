import '@mantine/core/styles/Checkbox.css';
import { Button, Checkbox, Group, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { KitchenTicket } from '../../../machines/kitchen/kitchenBoardMachine';
import { lineTitle } from '../../domain/orderLines';
import classes from './KitchenDashboard.module.css';

// The customer reads the reason, so the quick ones are written to them.
const QUICK_REASONS = ['Too busy', 'Item unavailable', 'Closing soon'] as const;
const ITEM_UNAVAILABLE = 'Item unavailable';

const REASON_MAX_LENGTH = 300;

interface RefuseOrderFormProps {
  lines: KitchenTicket['orderItems'];
  disabled: boolean;
  onRefuse(reason: string, unavailableLines: number[]): void;
  onBack(): void;
}

/**
 * "Refuse": a reason is required (the customer sees it); a quick reason fills it, and it can be edited. Staff may tick
 * the dishes they cannot make: the customer is told which, and "Order again" brings the rest of the basket back.
 */
export function RefuseOrderForm({ lines, disabled, onRefuse, onBack }: RefuseOrderFormProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [unavailable, setUnavailable] = useState<string[]>([]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed === '') {
      setMissing(true);
      return;
    }
    onRefuse(trimmed, unavailable.map(Number));
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
      <Checkbox.Group
        label="Unavailable dishes (the customer is told, and can order the rest again)"
        classNames={{ label: classes.legend }}
        value={unavailable}
        onChange={(picked) => {
          setUnavailable(picked);
          // Naming a dish is the reason "Item unavailable" unless staff wrote one of their own.
          if (picked.length > 0 && reason.trim() === '') {
            setReason(ITEM_UNAVAILABLE);
            setMissing(false);
          }
        }}
      >
        <Stack gap="sm" mt="xs">
          {lines.map((line, lineNo) => (
            <Checkbox key={lineNo} size="lg" value={String(lineNo)} label={`${line.quantity} × ${lineTitle(line)}`} />
          ))}
        </Stack>
      </Checkbox.Group>
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
