import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Table.css';
import { Alert, Button, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { callApi, type ApiClient } from '../../../api/client';
import type { ApiResult } from '../../../domain/apiErrors';
import type { components, operations } from '../../../api/schema.gen';
import { useApiRequest } from '../../../actors/useApiRequest';
import { auditTimeLabel } from './auditLabels';
import { ScrollingTable } from '../ScrollingTable';

type AuditEntry = components['schemas']['AuditEntry'];
type AuditArea = NonNullable<NonNullable<operations['listAuditEntries']['parameters']['query']>['area']>;

const AREA_LABELS: Readonly<Record<AuditArea, string>> = {
  settings: 'Settings',
  hours: 'Opening hours',
  zones: 'Delivery zones',
  menu: 'Menu',
  pages: 'Pages',
  'sold-out': 'Sold out today',
  busy: 'Busy mode',
  customers: 'Customers and loyalty',
  printers: 'Printers',
};

interface AuditPageRequest {
  area: AuditArea | undefined;
  before: number | undefined;
}

interface AuditPage extends AuditPageRequest {
  entries: AuditEntry[];
}

async function readAuditPage(api: ApiClient, request: AuditPageRequest, signal: AbortSignal): Promise<ApiResult<AuditPage>> {
  const result = await callApi(api.GET('/manage/audit', { params: { query: request }, signal }), signal);
  return result.ok ? { ok: true, data: { ...request, entries: result.data.entries } } : result;
}

/** `/manage/audit`: every change to what the restaurant sells, newest first, 50 at a time (docs/back-office.md). */
export function AuditScreen() {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const [area, setArea] = useState<AuditArea | undefined>(undefined);
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const page = useApiRequest<AuditPageRequest, AuditPage>((request, signal) => readAuditPage(api, request, signal));
  const { send: readPage, reset: forgetPage } = page;

  useEffect(() => {
    forgetPage();
    setEntries([]);
    readPage({ area, before: undefined });
  }, [area, readPage, forgetPage]);

  // Each page's answer is added once, and only for the area it was asked for.
  useEffect(() => {
    const answer = page.data;
    if (answer === null || answer.area !== area) return;
    setEntries((shown) => (answer.before === undefined ? answer.entries : [...shown, ...answer.entries.filter((entry) => !shown.some((kept) => kept.auditId === entry.auditId))]));
  }, [page.data, area]);

  const lastPageWasFull = page.data !== null && page.data.entries.length === 50;

  return (
    <Stack gap="md">
      <Title order={1}>Audit</Title>
      <Text>Every change to the menu, hours, zones, settings and customers&apos; loyalty, with who made it and what it was before.</Text>
      <NativeSelect
        label="Show changes to"
        value={area ?? ''}
        onChange={(event) => setArea(event.currentTarget.value === '' ? undefined : (event.currentTarget.value as AuditArea))}
        data={[{ value: '', label: 'Everything' }, ...Object.entries(AREA_LABELS).map(([value, label]) => ({ value, label }))]}
        maw={320}
      />
      {page.state === 'error' && (
        <Alert color="red" variant="outline" title="The audit could not be loaded">
          <Text>{page.error?.message ?? 'Please try again.'}</Text>
          <Button mt="sm" color="dark" onClick={() => readPage({ area, before: entries.at(-1)?.auditId })}>
            Try again
          </Button>
        </Alert>
      )}
      {page.state === 'responseReceived' && entries.length === 0 && <Text>No changes yet.</Text>}
      {entries.length > 0 && (
        <ScrollingTable label="Changes" minWidth={640}>
          <Table striped captionSide="top">
            <Table.Caption>Changes, newest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Who</Table.Th>
                <Table.Th scope="col">What</Table.Th>
                <Table.Th scope="col">Change</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.auditId}>
                  <Table.Td>{auditTimeLabel(entry.at)}</Table.Td>
                  <Table.Td>{entry.actorEmail}</Table.Td>
                  <Table.Td>{AREA_LABELS[entry.area as AuditArea] ?? entry.area}</Table.Td>
                  <Table.Td>{entry.summary}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollingTable>
      )}
      {page.busy && <Text role="status">Loading changes…</Text>}
      {lastPageWasFull && !page.busy && (
        <Group>
          <Button variant="outline" color="dark" onClick={() => readPage({ area, before: entries.at(-1)?.auditId })}>
            Show older changes
          </Button>
        </Group>
      )}
    </Stack>
  );
}
