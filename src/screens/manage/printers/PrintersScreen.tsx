import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { callApi } from '../../../api/client';
import type { components } from '../../../api/schema.gen';
import { fieldMessage } from '../../../domain/fieldMessages';
import { EditProblem } from '../settings/EditProblem';
import { useAreaEditor } from '../settings/useAreaEditor';
import { UnsavedChangesGuard } from '../UnsavedChangesGuard';
import { useFocusFirstRefusal } from '../useFocusFirstRefusal';

type ManagedPrinter = components['schemas']['ManagedPrinter'];
type PrinterDraft = components['schemas']['PrinterDraft'];
type PrinterAddress = components['schemas']['PrinterAddress'];

/** A printer as typed: boxes are text until sent. `key` keeps React's rows apart while a new one has no id. */
interface PrinterRow {
  key: number;
  printerId?: number;
  name: string;
  host: string;
  port: string;
  paperWidth: string;
  prints: string;
  copies: string;
}

type PrinterField = Exclude<keyof PrinterRow, 'key' | 'printerId'>;

const FIELD_SUBJECTS: Readonly<Record<PrinterField, string>> = {
  name: 'The name',
  host: 'The address',
  port: 'The port',
  paperWidth: 'The paper width',
  prints: 'What it prints',
  copies: 'The number of copies',
};

const PAPER_CHOICES = [
  { value: '80', label: '80 mm' },
  { value: '58', label: '58 mm' },
];
const PRINTS_CHOICES = [
  { value: 'kitchen', label: 'Kitchen ticket' },
  { value: 'receipt', label: 'Customer receipt' },
  { value: 'both', label: 'Kitchen ticket and receipt' },
];
const COPIES_CHOICES = ['1', '2', '3', '4', '5'];
/** The port of raw printing on almost every network receipt printer. */
const DEFAULT_PORT = '9100';

let nextKey = 0;
const rowOf = (printer: ManagedPrinter): PrinterRow => ({
  key: nextKey++,
  printerId: printer.printerId,
  name: printer.name,
  host: printer.host,
  port: String(printer.port),
  paperWidth: String(printer.paperWidth),
  prints: printer.prints,
  copies: String(printer.copies),
});
const newRow = (address?: PrinterAddress): PrinterRow => ({
  key: nextKey++,
  name: address === undefined ? '' : 'Loopback printer',
  host: address?.host ?? '',
  port: address === undefined ? DEFAULT_PORT : String(address.port),
  paperWidth: '80',
  prints: 'kitchen',
  copies: '1',
});
/** What the owner typed, as the API takes it; a port that is not a whole number is caught before it is sent. */
const draftOf = (row: PrinterRow): PrinterDraft => ({
  ...(row.printerId === undefined ? {} : { printerId: row.printerId }),
  name: row.name.trim(),
  host: row.host.trim(),
  port: Number(row.port.trim()),
  paperWidth: Number(row.paperWidth) as PrinterDraft['paperWidth'],
  prints: row.prints as PrinterDraft['prints'],
  copies: Number(row.copies),
});

/** The checks a typed row fails before it is sent (the contract checks the rest), worded as the API words them. */
function typedFailures(rows: readonly PrinterRow[]): { field: string; message: string }[] {
  return rows.flatMap((row, index) => [
    ...(row.name.trim() === '' ? [{ field: `printers[${index}].name`, message: 'must not be empty' }] : []),
    ...(row.host.trim() === '' ? [{ field: `printers[${index}].host`, message: 'must not be empty' }] : []),
    ...(/^\d{1,5}$/.test(row.port.trim()) ? [] : [{ field: `printers[${index}].port`, message: 'must be a whole number, usually 9100' }]),
  ]);
}

/** `/manage/printers`: the ticket printers on the counter's network (docs/printing.md), edited as a whole like the settings. */
export function PrintersScreen() {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const [loopback, setLoopback] = useState<PrinterAddress | null>(null);
  const editor = useAreaEditor<PrinterRow[]>(
    async (signal) => {
      const result = await callApi(api.GET('/manage/printers', { signal }), signal);
      if (!result.ok) return result;
      setLoopback(result.data.loopbackPrinter);
      return { ok: true, data: { value: result.data.printers.map(rowOf), revision: result.data.revision } };
    },
    async ({ revision, value }, signal) => {
      const result = await callApi(api.PUT('/manage/printers', { body: { revision, printers: value.map(draftOf) }, signal }), signal);
      return result.ok ? { ok: true, data: { value: result.data.printers.map(rowOf), revision: result.data.revision } } : result;
    },
    typedFailures,
  );
  const rows = editor.value;
  const formRef = useFocusFirstRefusal(Object.keys(editor.errors).length > 0 ? editor.errors : undefined);
  const errorOf = (index: number, field: PrinterField) => {
    const message = editor.errors[`printers[${index}].${field}`];
    return message === undefined ? undefined : fieldMessage(FIELD_SUBJECTS[field], message);
  };
  const change = (key: number, field: PrinterField, value: string) => {
    if (rows !== null) editor.change(rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  };
  const add = (address?: PrinterAddress) => editor.change([...(rows ?? []), newRow(address)]);

  const loopbackListed = loopback !== null && (rows ?? []).some((row) => row.host.trim() === loopback.host && row.port.trim() === String(loopback.port));

  return (
    <Stack gap="md">
      <UnsavedChangesGuard unsaved={editor.unsaved} />
      <Title order={1}>Printers</Title>
      <Text>
        When the kitchen accepts an order, each printer here prints it by itself: the kitchen ticket, the customer&apos;s receipt, or both. Give each
        printer a fixed address on your network (set it on the printer or reserve it in your router); network receipt printers take tickets on port
        9100.
      </Text>
      {loopback !== null && (
        // A note, not an alert: nothing is wrong, the demo simply has a printer to offer.
        <Paper withBorder p="sm" component="section" aria-labelledby="demo-printer-heading">
          <Title order={2} size="h4" id="demo-printer-heading">
            Demo printer
          </Title>
          <Text>
            This server runs a stand-in printer at {loopback.host} port {loopback.port}. What it prints shows on the kitchen&apos;s Printers page.
          </Text>
          {rows !== null && !loopbackListed && (
            <Button mt="sm" variant="outline" color="dark" onClick={() => add(loopback)}>
              Add the demo printer
            </Button>
          )}
        </Paper>
      )}
      {editor.loadFailed && <Text>The printers could not be loaded: reload the page to try again.</Text>}
      {rows === null && !editor.loadFailed && <Text role="status">Loading the printers…</Text>}
      {rows !== null && (
        <form
          ref={formRef}
          onSubmit={(event) => {
            event.preventDefault();
            editor.save();
          }}
          noValidate
          aria-label="Printers"
        >
          <Stack gap="sm">
            {rows.length === 0 && <Text>No printer yet: tickets are not printed.</Text>}
            {rows.map((row, index) => {
              const label = row.name.trim() === '' ? `New printer ${index + 1}` : `Printer ${row.name.trim()}`;
              return (
                <Paper key={row.key} withBorder p="sm" role="group" aria-label={label}>
                  <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
                    <TextInput label="Name" description="What staff call it" value={row.name} error={errorOf(index, 'name')} onChange={(event) => change(row.key, 'name', event.currentTarget.value)} />
                    <TextInput
                      label="Address"
                      description="IP address or host name"
                      value={row.host}
                      error={errorOf(index, 'host')}
                      onChange={(event) => change(row.key, 'host', event.currentTarget.value)}
                    />
                    <TextInput
                      label="Port"
                      description="Usually 9100"
                      inputMode="numeric"
                      value={row.port}
                      error={errorOf(index, 'port')}
                      onChange={(event) => change(row.key, 'port', event.currentTarget.value)}
                    />
                    <NativeSelect
                      label="Paper width"
                      description="The roll's width"
                      data={PAPER_CHOICES}
                      value={row.paperWidth}
                      error={errorOf(index, 'paperWidth')}
                      onChange={(event) => change(row.key, 'paperWidth', event.currentTarget.value)}
                    />
                    <NativeSelect label="Prints" data={PRINTS_CHOICES} value={row.prints} error={errorOf(index, 'prints')} onChange={(event) => change(row.key, 'prints', event.currentTarget.value)} />
                    <NativeSelect label="Copies" data={COPIES_CHOICES} value={row.copies} error={errorOf(index, 'copies')} onChange={(event) => change(row.key, 'copies', event.currentTarget.value)} />
                    <Group align="end">
                      <Button
                        variant="outline"
                        color="dark"
                        aria-label={`Remove ${label.replace(/^./, (first) => first.toLowerCase())}`}
                        onClick={() => editor.change(rows.filter((kept) => kept.key !== row.key))}
                      >
                        Remove
                      </Button>
                    </Group>
                  </SimpleGrid>
                </Paper>
              );
            })}
            {editor.problem !== null && <EditProblem problem={editor.problem} onReload={editor.reload} />}
            {editor.saved && <Text role="status">Saved: the next accepted order prints on these printers.</Text>}
            <Group>
              <Button variant="outline" color="dark" onClick={() => add()}>
                Add a printer
              </Button>
              <Button type="submit" color="dark" loading={editor.saving}>
                Save printers
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
