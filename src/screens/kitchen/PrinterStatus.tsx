import { Anchor, Button, Text, VisuallyHidden } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { callApi } from '../../api/client';
import { printerStateLabel, printersHoldingTickets } from '../../domain/printerStates';
import classes from './KitchenDashboard.module.css';
import type { KitchenPrinters } from './usePrinterStates';

/** On the dashboard: each printer and how it is, with a link to the printers' page. Nothing when no printer is set up. */
export function PrinterStatusLine({ printers }: { printers: KitchenPrinters | undefined }) {
  if (printers === undefined || printers.printers.length === 0) return null;
  return (
    <section aria-label="Printers" className={classes.printers}>
      <ul className={classes.printerList}>
        {printers.printers.map((printer) => (
          <li key={printer.printerId} className={printer.state === 'offline' ? classes.printerOffline : undefined}>
            <strong>{printer.name}:</strong> {printerStateLabel(printer)}
          </li>
        ))}
      </ul>
      <Anchor href="/kitchen/printers" target="_blank" fw={700} c="dark" underline="always">
        Printers<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </Anchor>
    </section>
  );
}

/** Below the staff bar: a ticket that has waited more than a minute is one the kitchen has not got. */
export function PrintAlert({ printers, now }: { printers: KitchenPrinters | undefined; now: Date }) {
  const holding = printers === undefined ? [] : printersHoldingTickets(printers.printers, now);
  if (holding.length === 0) return null;
  return (
    <div className={classes.printAlert} role="alert">
      <p className={classes.bannerHeadline}>Tickets not printed for over a minute</p>
      <p className={classes.bannerDetail}>
        {holding.map((printer) => `${printer.name}: ${printerStateLabel(printer)}${printer.lastError === null ? '' : ` (${printer.lastError})`}`).join('; ')}. Check the
        printer is on, connected and has paper: the tickets print as soon as it answers.
      </p>
    </div>
  );
}

/** Prints an accepted order's tickets again on every printer (a new print job each). */
export function ReprintButton({ orderRef }: { orderRef: string }) {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const [answer, setAnswer] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  async function reprint() {
    setSending(true);
    setAnswer(null);
    const result = await callApi(api.POST('/kitchen/orders/{orderId}/reprint', { params: { path: { orderId: orderRef } } }));
    setSending(false);
    if (result.ok) setAnswer(result.data.jobs === 0 ? 'No printer is set up: the owner adds them under Back office, Printers.' : 'Sent to the printers.');
    else if (!result.aborted) setAnswer(result.error.message ?? 'Not sent: please try again.');
  }
  return (
    <>
      <Button size="xl" variant="outline" color="dark" loading={sending} onClick={() => void reprint()}>
        Reprint
      </Button>
      {answer !== null && (
        <Text role="status" fw={700}>
          {answer}
        </Text>
      )}
    </>
  );
}
