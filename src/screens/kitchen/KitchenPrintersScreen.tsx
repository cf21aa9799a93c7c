import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { slotLabel } from '../../domain/timeSlotLabels';
import { printerStateLabel } from '../../domain/printerStates';
import classes from './KitchenPrinters.module.css';
import { usePrinterStates } from './usePrinterStates';

/**
 * `/kitchen/printers` (docs/printing.md): how each printer is, and in the demo the tickets the loopback printer
 * "printed", as its ESC/POS decoder read them, so the kitchen sees what the paper would say.
 */
export function KitchenPrintersScreen() {
  const printers = usePrinterStates();
  const now = new Date();
  return (
    <Stack gap="md">
      <Title order={1}>Printers</Title>
      {printers === undefined && <Text role="status">Loading the printers…</Text>}
      {printers !== undefined && printers.printers.length === 0 && (
        <Text>
          No printer is set up. The owner adds them in the back office, under{' '}
          <Anchor component={Link} to="/manage/printers" underline="always" c="dark" fw={700}>
            Printers
          </Anchor>
          .
        </Text>
      )}
      {printers !== undefined && printers.printers.length > 0 && (
        <ul className={classes.states} aria-label="Printer states">
          {printers.printers.map((printer) => (
            <li key={printer.printerId}>
              <strong>{printer.name}:</strong> {printerStateLabel(printer)}
              {printer.state === 'offline' && printer.lastError !== null && <span className={classes.error}> ({printer.lastError})</span>}
            </li>
          ))}
        </ul>
      )}
      {printers?.loopbackPrinter != null && (
        <section aria-labelledby="loopback-heading">
          <Stack gap="sm">
            <Title order={2} id="loopback-heading">
              Printed on the loopback printer
            </Title>
            <Text>
              The demo&apos;s stand-in printer listens at {printers.loopbackPrinter.host} port {printers.loopbackPrinter.port}. What it receives is decoded
              and shown here as it would print, newest first.
            </Text>
            {printers.loopbackPrinter.tickets.length === 0 && <Text>Nothing printed yet.</Text>}
            <ol className={classes.tickets} aria-label="Printed tickets">
              {printers.loopbackPrinter.tickets.map((ticket, index) => (
                <li key={`${ticket.receivedAt}-${index}`}>
                  <Paper withBorder p="sm" className={classes.paper} component="figure" aria-label={`Ticket printed ${slotLabel(ticket.receivedAt, now)}`}>
                    <figcaption className={classes.caption}>Printed {slotLabel(ticket.receivedAt, now)}</figcaption>
                    <pre className={classes.text}>{ticket.text}</pre>
                  </Paper>
                </li>
              ))}
            </ol>
          </Stack>
        </section>
      )}
    </Stack>
  );
}
