import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import { Alert, Button, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { callApi } from '../../../api/client';
import { toApiError } from '../../../domain/apiErrors';
import type { components } from '../../../api/schema.gen';
import { londonWallClock } from '../../../domain/londonClock';
import { formatPounds } from '../../../domain/money';
import { ScrollingTable } from '../ScrollingTable';

type Takings = components['schemas']['Takings'];
type TakingsOrder = Takings['orders'][number];
type Range = { from: string; to: string };

const PAYMENT_LABELS: Readonly<Record<TakingsOrder['payment'], string>> = { cash: 'Cash', paypal: 'PayPal', card: 'Card', cardOnCollection: 'Card on collection' };
const CHANNEL_LABELS: Readonly<Record<TakingsOrder['channel'], string>> = { online: 'Online', phone: 'Phone' };
const TYPE_LABELS: Readonly<Record<TakingsOrder['orderType'], string>> = { collection: 'Collection', delivery: 'Delivery' };
const STATUS_LABELS: Readonly<Record<TakingsOrder['status'], string>> = {
  waiting: 'Waiting for the kitchen',
  accepted: 'Accepted',
  completed: 'Completed',
  refused: 'Refused',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

const timeLabel = (instant: string) => new Date(instant).toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });
const dayLabel = (instant: string) => new Date(instant).toLocaleDateString('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short' });

const SUMMARY_COLUMNS = { base: 1, sm: 2, lg: 3 } as const;

/** The London days the figures are for, in words: "Takings for Sunday 29 November 2026", "… from 1 October to 31 October 2026". */
function shownDaysLabel(from: string, to: string): string {
  const day = (date: string, withYear: boolean) =>
    new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', ...(withYear ? { year: 'numeric' } : {}) });
  if (from === to) return `Takings for ${new Date(`${from}T12:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'long' })} ${day(from, true)}`;
  return `Takings from ${day(from, from.slice(0, 4) !== to.slice(0, 4))} to ${day(to, true)}`;
}

/** Counts and sums: right-aligned in digits of one width, so that pounds and pence line up to be read down a column. */
const FIGURE = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

function Figure({ children }: { children: ReactNode }) {
  return <Table.Td style={FIGURE}>{children}</Table.Td>;
}

/** A table whose columns are words, read from the left, except the figure columns (by place; every one after the first unless said). */
function SummaryTable({ caption, head, figures, children }: { caption: string; head: string[]; figures?: readonly number[]; children: ReactNode }) {
  const isFigure = (column: number) => (figures === undefined ? column > 0 : figures.includes(column));
  return (
    <Table striped captionSide="top">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {head.map((title, column) => (
            <Table.Th key={title} scope="col" style={isFigure(column) ? FIGURE : undefined}>
              {title}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}

/** `/manage/takings`: the orders of a day or a range, their totals, refusals and busiest times, and the CSV for the accountant. */
export function TakingsScreen() {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  // The day the page was opened: past midnight it would otherwise show the new day over the range the owner chose.
  const [today] = useState(() => londonWallClock(new Date()).date);
  const [range, setRange] = useState<Range>({ from: today, to: today });
  const [takings, setTakings] = useState<Takings | null>(null);
  const [loading, setLoading] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof Range, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const show = useCallback(
    async (shown: Range) => {
      setProblem(null);
      setFieldErrors({});
      setLoading(true);
      const answer = await callApi(api.GET('/manage/takings', { params: { query: shown } }));
      setLoading(false);
      if (answer.ok) {
        setTakings(answer.data);
      } else if (!answer.aborted) {
        const byField = Object.fromEntries(answer.error.validationErrors.map((failure) => [failure.field, `${failure.field === 'from' ? 'From' : 'To'} ${failure.message}`]));
        setFieldErrors(byField);
        if (answer.error.validationErrors.length === 0) setProblem(answer.error.message ?? 'Please try again.');
      }
    },
    [api],
  );

  useEffect(() => {
    void show({ from: today, to: today });
  }, [show, today]);

  async function download() {
    // The page shows the days the file holds.
    if (takings === null || takings.from !== range.from || takings.to !== range.to) await show(range);
    setProblem(null);
    const answer = await api.GET('/manage/takings/csv', { params: { query: range }, parseAs: 'blob' }).catch(() => undefined);
    if (answer === undefined) {
      setProblem('The file could not be fetched: please try again.');
      return;
    }
    const { data, error, response } = answer;
    if (!response.ok || data === undefined) {
      const refusal = toApiError(response.status, error);
      setProblem(refusal.validationErrors.map((failure) => `${failure.field === 'from' ? 'From' : 'To'} ${failure.message}`).join('. ') || (refusal.message ?? 'The file could not be made.'));
      return;
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(data);
    link.download = `takings-${range.from}-to-${range.to}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  const fallenThrough = takings?.orders.filter((order) => !order.counted) ?? [];
  const manyDays = takings !== null && takings.from !== takings.to;

  return (
    <Stack gap="md">
      <Title order={1}>Takings</Title>
      <form
        noValidate
        aria-label="Choose the days"
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          void show(range);
        }}
      >
        <Group align="start" wrap="wrap">
          <TextInput type="date" label="From" value={range.from} error={fieldErrors.from} onChange={(event) => setRange({ ...range, from: event.currentTarget.value })} />
          <TextInput type="date" label="To" value={range.to} error={fieldErrors.to} onChange={(event) => setRange({ ...range, to: event.currentTarget.value })} />
          <Group mt={25}>
            <Button type="submit" color="dark" loading={loading}>
              Show
            </Button>
            <Button variant="outline" color="dark" onClick={() => void download()}>
              Download CSV
            </Button>
          </Group>
        </Group>
      </form>
      {problem !== null && (
        <Alert color="red" variant="outline" title="Something went wrong" role="alert">
          <Text>{problem}</Text>
        </Alert>
      )}
      {loading && <Text role="status">Loading the takings…</Text>}
      {takings !== null && (
        <>
          <Title order={2}>{shownDaysLabel(takings.from, takings.to)}</Title>
          <Text>
            Takings count every order placed in these days except those refused, cancelled or refunded, which are listed below with their reasons.
          </Text>
          {/* Each table as tall as its own rows: stretched to the tallest, a short table's rows spread apart. */}
          <SimpleGrid cols={SUMMARY_COLUMNS} spacing="md" style={{ alignItems: 'start' }}>
            <SummaryTable caption="Totals" head={['Total', 'Amount']}>
              <Table.Tr>
                <Table.Th scope="row">Orders</Table.Th>
                <Figure>{takings.totals.orders}</Figure>
              </Table.Tr>
              {(
                [
                  ['Items', takings.totals.itemTotal],
                  ['Discounts', takings.totals.discount],
                  ['Delivery charges', takings.totals.delivery],
                  ['Bag charges', takings.totals.bag],
                  ['Takings', takings.totals.total],
                ] as const
              ).map(([label, amount]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row">{label}</Table.Th>
                  <Figure>{formatPounds(amount)}</Figure>
                </Table.Tr>
              ))}
            </SummaryTable>
            <SummaryTable caption="By payment" head={['Payment', 'Orders', 'Takings']}>
              {takings.byPayment.map((group) => (
                <Table.Tr key={group.payment}>
                  <Table.Th scope="row">{PAYMENT_LABELS[group.payment]}</Table.Th>
                  <Figure>{group.orders}</Figure>
                  <Figure>{formatPounds(group.total)}</Figure>
                </Table.Tr>
              ))}
            </SummaryTable>
            <SummaryTable caption="Online and phone" head={['Channel', 'Orders', 'Takings']}>
              {takings.byChannel.map((group) => (
                <Table.Tr key={group.channel}>
                  <Table.Th scope="row">{CHANNEL_LABELS[group.channel]}</Table.Th>
                  <Figure>{group.orders}</Figure>
                  <Figure>{formatPounds(group.total)}</Figure>
                </Table.Tr>
              ))}
            </SummaryTable>
            <SummaryTable caption="Collection and delivery" head={['Type', 'Orders', 'Takings']}>
              {takings.byOrderType.map((group) => (
                <Table.Tr key={group.orderType}>
                  <Table.Th scope="row">{TYPE_LABELS[group.orderType]}</Table.Th>
                  <Figure>{group.orders}</Figure>
                  <Figure>{formatPounds(group.total)}</Figure>
                </Table.Tr>
              ))}
            </SummaryTable>
          </SimpleGrid>
          <Title order={2}>Busiest times</Title>
          {takings.busiestSlots.length === 0 ? (
            <Text>No orders yet.</Text>
          ) : (
            // As wide as one of the tables above: across the whole page, a time and its count would be too far apart to read.
            <SimpleGrid cols={SUMMARY_COLUMNS} spacing="md">
              <SummaryTable caption="Quarter-hours the orders were due in, busiest first" head={['Time', 'Orders']}>
                {takings.busiestSlots.map((slot) => (
                  <Table.Tr key={slot.time}>
                    <Table.Th scope="row">{slot.time}</Table.Th>
                    <Figure>{slot.orders}</Figure>
                  </Table.Tr>
                ))}
              </SummaryTable>
            </SimpleGrid>
          )}
          <Title order={2}>Refused and cancelled</Title>
          {fallenThrough.length === 0 ? (
            <Text>None.</Text>
          ) : (
            <SummaryTable caption="Orders not in the takings" head={['Placed', 'Order', 'Name', 'Not taken', 'What happened']} figures={[3]}>
              {fallenThrough.map((order) => (
                <Table.Tr key={order.orderRef}>
                  <Table.Td>{manyDays ? `${dayLabel(order.placedAt)} ${timeLabel(order.placedAt)}` : timeLabel(order.placedAt)}</Table.Td>
                  <Table.Th scope="row">{order.orderNumber ?? ''}</Table.Th>
                  <Table.Td>{order.name}</Table.Td>
                  <Figure>{formatPounds(order.total)}</Figure>
                  <Table.Td>{order.reason === null ? STATUS_LABELS[order.status] : `${STATUS_LABELS[order.status]}: ${order.reason}`}</Table.Td>
                </Table.Tr>
              ))}
            </SummaryTable>
          )}
          <Title order={2}>Orders</Title>
          {takings.orders.length === 0 ? (
            <Text>No orders were placed in these days.</Text>
          ) : (
            <ScrollingTable label="Every order placed" minWidth={920}>
              <SummaryTable caption="Every order placed, oldest first" head={['Placed', 'Order', 'Name', 'Channel', 'Type', 'Payment', 'Total', 'Not taken', 'Status']} figures={[6, 7]}>
                {takings.orders.map((order) => (
                  <Table.Tr key={order.orderRef}>
                    <Table.Td>{manyDays ? `${dayLabel(order.placedAt)} ${timeLabel(order.placedAt)}` : timeLabel(order.placedAt)}</Table.Td>
                    <Table.Th scope="row">{order.orderNumber ?? ''}</Table.Th>
                    <Table.Td>{order.name}</Table.Td>
                    <Table.Td>{CHANNEL_LABELS[order.channel]}</Table.Td>
                    <Table.Td>{TYPE_LABELS[order.orderType]}</Table.Td>
                    <Table.Td>{PAYMENT_LABELS[order.payment]}</Table.Td>
                    {/* As in the CSV: the Total column adds up to the takings, a fallen-through order's value is apart. */}
                    <Figure>{order.counted ? formatPounds(order.total) : ''}</Figure>
                    <Figure>{order.counted ? '' : formatPounds(order.total)}</Figure>
                    <Table.Td>{STATUS_LABELS[order.status]}</Table.Td>
                  </Table.Tr>
                ))}
              </SummaryTable>
            </ScrollingTable>
          )}
        </>
      )}
    </Stack>
  );
}
