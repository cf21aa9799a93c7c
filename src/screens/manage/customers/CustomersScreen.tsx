import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import { Alert, Button, Group, List, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { callApi, type ApiClient } from '../../../api/client';
import type { components } from '../../../api/schema.gen';
import {
  GIFT_VOUCHER_TYPES,
  giftMessages,
  MIN_CUSTOMER_SEARCH_LENGTH,
  pointsGiftFailures,
  voucherGiftFailures,
  type GiftFailure,
  type VoucherGift,
} from '../../../domain/customerGiftRules';
import { formatPounds } from '../../../domain/money';
import { fieldMessage, type FieldErrors } from '../../../domain/fieldMessages';
import { useRequestForm, type RequestForm } from '../../../components/forms/useRequestForm';
import { ScrollingTable } from '../ScrollingTable';
import { WEEKDAY_NAMES } from '../../../domain/londonClock';

type ManagedCustomer = components['schemas']['ManagedCustomer'];
type CustomerSummary = components['schemas']['ManagedCustomerSummary'];
type ManagedVoucher = components['schemas']['ManagedVoucher'];

const STATE_LABELS: Readonly<Record<ManagedVoucher['state'], string>> = { held: 'Held', used: 'Used', withdrawn: 'Withdrawn' };

const dayLabel = (instant: string) => new Date(instant).toLocaleDateString('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric' });

function voucherTerms(voucher: ManagedVoucher): string {
  if (voucher.voucherType === 3) return `${voucher.percent}% off on ${WEEKDAY_NAMES[voucher.validDay ?? 0]}s`;
  return `${formatPounds(voucher.value)} off`;
}

/** The shared rules' failures under each field of a form, worded for it. */
function fieldErrorsOf<Field extends string>(failures: readonly GiftFailure[], subjects: Readonly<Record<Field, string>>): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const failure of failures) {
    const field = failure.field as Field;
    if (field in subjects) errors[field] ??= fieldMessage(subjects[field], failure.message);
  }
  return errors;
}

/** `/manage/customers`: find a customer by email or loyalty code, see their points and vouchers, give them more (docs/back-office.md). */
export function CustomersScreen() {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const [search, setSearch] = useState('');
  const [searchError, setSearchError] = useState<string | undefined>(undefined);
  const [found, setFound] = useState<CustomerSummary[] | null>(null);
  const [customer, setCustomer] = useState<ManagedCustomer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    if (search.trim().length < MIN_CUSTOMER_SEARCH_LENGTH) {
      setSearchError(fieldMessage('The search', giftMessages.searchTooShort));
      return;
    }
    setSearchError(undefined);
    const answer = await callApi(api.GET('/manage/customers/search', { params: { query: { text: search.trim() } } }));
    if (answer.ok) setFound(answer.data.customers);
    else if (!answer.aborted) setProblem(answer.error.validationErrors[0]?.message ?? answer.error.message ?? 'Please try again.');
  }

  async function open(loyaltyId: string) {
    setProblem(null);
    const answer = await callApi(api.GET('/manage/customers/{loyaltyId}', { params: { path: { loyaltyId } } }));
    if (answer.ok) setCustomer(answer.data.customer);
    else if (!answer.aborted) setProblem(answer.error.message ?? 'Please try again.');
  }

  return (
    <Stack gap="md">
      <Title order={1}>Customers and loyalty</Title>
      <form onSubmit={(event) => void find(event)} noValidate aria-label="Find a customer">
        <Group align="end" wrap="wrap">
          <TextInput
            label="Email or loyalty code"
            description="Part of the email is enough; the code is the one under the customer's account QR."
            value={search}
            error={searchError}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={360}
          />
          <Button type="submit" color="dark">
            Find
          </Button>
        </Group>
      </form>
      {problem !== null && (
        <Alert color="red" variant="outline" title="Something went wrong" role="alert">
          <Text>{problem}</Text>
        </Alert>
      )}
      {found !== null && found.length === 0 && <Text role="status">No customer matches.</Text>}
      {found !== null && found.length > 0 && (
        <List listStyleType="none" spacing="xs" aria-label="Customers found">
          {found.map((summary) => (
            <List.Item key={summary.loyaltyId}>
              <Button variant="subtle" color="dark" onClick={() => void open(summary.loyaltyId)}>
                {summary.name ?? summary.email} ({summary.email}, {summary.loyaltyId}, {summary.points} points)
              </Button>
            </List.Item>
          ))}
        </List>
      )}
      {customer !== null && <CustomerCard key={customer.loyaltyId} api={api} customer={customer} onChanged={setCustomer} />}
    </Stack>
  );
}

function CustomerCard({ api, customer, onChanged }: { api: ApiClient; customer: ManagedCustomer; onChanged(customer: ManagedCustomer): void }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Title order={2}>{customer.name ?? customer.email}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text>Email: {customer.email}</Text>
          <Text>Loyalty code: {customer.loyaltyId}</Text>
          <Text>Points: {customer.points} (every 100 become a £5 voucher)</Text>
          <Text>Orders: {customer.orders}</Text>
          <Text>Profile discount: {customer.discountPercent}%</Text>
          <Text>Customer since {dayLabel(customer.memberSince)}</Text>
        </SimpleGrid>
        {customer.vouchers.length === 0 ? (
          <Text>No vouchers yet.</Text>
        ) : (
          <ScrollingTable label="Vouchers" minWidth={560}>
            <Table striped captionSide="top">
              <Table.Caption>Vouchers, newest first</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Voucher</Table.Th>
                  <Table.Th scope="col">Worth</Table.Th>
                  <Table.Th scope="col">State</Table.Th>
                  <Table.Th scope="col">Given</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {customer.vouchers.map((voucher) => (
                  <Table.Tr key={voucher.voucherId}>
                    <Table.Td>{voucher.title}</Table.Td>
                    <Table.Td>{voucherTerms(voucher)}</Table.Td>
                    <Table.Td>{voucher.usedByOrderRef === null ? STATE_LABELS[voucher.state] : `Used on order ${voucher.usedByOrderRef}`}</Table.Td>
                    <Table.Td>
                      {dayLabel(voucher.givenAt)} {voucher.source === 'points' ? '(from points)' : '(by the restaurant)'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollingTable>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <GivePointsForm api={api} loyaltyId={customer.loyaltyId} onChanged={onChanged} />
          <GiveVoucherForm api={api} loyaltyId={customer.loyaltyId} onChanged={onChanged} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** The form's refusal that no field shows (a 404, no answer), or its success. */
/**
 * What a gift form gave, said from its fields as they were sent (not as they are now), and whether they still hold
 * exactly that: its button then waits for a change, so that a second tap does not give the same gift again.
 */
function useGiven<Field extends string>(form: RequestForm<Field, unknown>, describe: (draft: Record<Field, string>) => string): { text?: string; unchanged: boolean } {
  const [given, setGiven] = useState<{ draft: string; text: string }>();
  const { sent, draft } = form;
  useEffect(() => {
    // Read as the answer comes: the fields then are the ones that were sent.
    if (sent !== null) setGiven({ draft: JSON.stringify(draft), text: describe(draft) });
  }, [sent]);
  return { text: given?.text, unchanged: given !== undefined && given.draft === JSON.stringify(draft) };
}

function FormOutcome({ form, done }: { form: RequestForm<string, unknown>; done: string | undefined }) {
  if (form.refusal !== undefined) {
    return (
      <Alert color="red" variant="outline" title="Nothing was given" role="alert">
        <Text>{form.refusal.message ?? form.refusal.unplaced.join('; ')}</Text>
      </Alert>
    );
  }
  return form.sent !== null && done !== undefined ? <Text role="status">{done}</Text> : null;
}

const POINTS_SUBJECTS = { points: 'Points', reason: 'The reason' } as const;

function GivePointsForm({ api, loyaltyId, onChanged }: { api: ApiClient; loyaltyId: string; onChanged(customer: ManagedCustomer): void }) {
  const form = useRequestForm<keyof typeof POINTS_SUBJECTS, { points: number; reason: string }, { customer: ManagedCustomer }>({
    initialDraft: { points: '', reason: '' },
    subjects: POINTS_SUBJECTS,
    validate: (draft) => fieldErrorsOf(pointsGiftFailures({ points: Number(draft.points), reason: draft.reason }), POINTS_SUBJECTS),
    requestOf: (draft) => ({ points: Number(draft.points), reason: draft.reason.trim() }),
    sender: (body, signal) => callApi(api.POST('/manage/customers/{loyaltyId}/points', { params: { path: { loyaltyId } }, body, signal }), signal),
  });
  const { sent } = form;
  useEffect(() => {
    if (sent !== null) onChanged(sent.customer);
  }, [sent, onChanged]);
  const given = useGiven(form, (draft) => `Gave ${draft.points.trim()} points.`);
  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate aria-label="Give points">
      <Stack gap="sm">
        <Title order={3}>Give points</Title>
        <TextInput label="Points" inputMode="numeric" value={form.draft.points} error={form.errors.points} onChange={(event) => form.change('points', event.currentTarget.value)} />
        <TextInput label="Reason" value={form.draft.reason} error={form.errors.reason} onChange={(event) => form.change('reason', event.currentTarget.value)} />
        <FormOutcome form={form} done={given.text} />
        <Group>
          <Button type="submit" color="dark" loading={form.busy} disabled={given.unchanged}>
            Give points
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const VOUCHER_SUBJECTS = { voucherType: 'The kind', title: 'The title', value: 'The value', percent: 'The percentage', validDay: 'The day', reason: 'The reason' } as const;
type VoucherField = keyof typeof VOUCHER_SUBJECTS;

function voucherGiftOf(draft: Record<VoucherField, string>): VoucherGift {
  const fixed = draft.voucherType === String(GIFT_VOUCHER_TYPES.fixedValue);
  const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim().replace(/^£/, '').replace(/%$/, '')));
  return fixed
    ? { voucherType: GIFT_VOUCHER_TYPES.fixedValue, title: draft.title.trim(), value: numberOf(draft.value), reason: draft.reason.trim() }
    : { voucherType: GIFT_VOUCHER_TYPES.dayPercent, title: draft.title.trim(), percent: numberOf(draft.percent), validDay: numberOf(draft.validDay), reason: draft.reason.trim() };
}

function GiveVoucherForm({ api, loyaltyId, onChanged }: { api: ApiClient; loyaltyId: string; onChanged(customer: ManagedCustomer): void }) {
  const form = useRequestForm<VoucherField, VoucherGift, { customer: ManagedCustomer }>({
    initialDraft: { voucherType: String(GIFT_VOUCHER_TYPES.fixedValue), title: '', value: '', percent: '', validDay: '', reason: '' },
    subjects: VOUCHER_SUBJECTS,
    validate: (draft) => fieldErrorsOf(voucherGiftFailures(voucherGiftOf(draft)), VOUCHER_SUBJECTS),
    requestOf: voucherGiftOf,
    sender: (body, signal) => callApi(api.POST('/manage/customers/{loyaltyId}/vouchers', { params: { path: { loyaltyId } }, body, signal }), signal),
  });
  const { sent } = form;
  useEffect(() => {
    if (sent !== null) onChanged(sent.customer);
  }, [sent, onChanged]);
  const fixed = form.draft.voucherType === String(GIFT_VOUCHER_TYPES.fixedValue);
  const given = useGiven(form, (draft) => `Gave the voucher "${draft.title.trim()}".`);
  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate aria-label="Give a voucher">
      <Stack gap="sm">
        <Title order={3}>Give a voucher</Title>
        <NativeSelect
          label="Kind of voucher"
          value={form.draft.voucherType}
          onChange={(event) => form.change('voucherType', event.currentTarget.value)}
          data={[
            { value: String(GIFT_VOUCHER_TYPES.fixedValue), label: 'Money off (a fixed value)' },
            { value: String(GIFT_VOUCHER_TYPES.dayPercent), label: 'A percentage off on one day of the week' },
          ]}
        />
        <TextInput label="Title the customer sees" value={form.draft.title} error={form.errors.title} onChange={(event) => form.change('title', event.currentTarget.value)} />
        {fixed ? (
          <TextInput label="Value (£)" inputMode="decimal" value={form.draft.value} error={form.errors.value} onChange={(event) => form.change('value', event.currentTarget.value)} />
        ) : (
          <Group grow align="start">
            <TextInput label="Percentage off" inputMode="numeric" value={form.draft.percent} error={form.errors.percent} onChange={(event) => form.change('percent', event.currentTarget.value)} />
            <NativeSelect
              label="Day it can be used"
              value={form.draft.validDay}
              error={form.errors.validDay}
              onChange={(event) => form.change('validDay', event.currentTarget.value)}
              data={[{ value: '', label: 'Choose a day' }, ...WEEKDAY_NAMES.map((day, index) => ({ value: String(index), label: day }))]}
            />
          </Group>
        )}
        <TextInput label="Reason" value={form.draft.reason} error={form.errors.reason} onChange={(event) => form.change('reason', event.currentTarget.value)} />
        <FormOutcome form={form} done={given.text} />
        <Group>
          <Button type="submit" color="dark" loading={form.busy} disabled={given.unchanged}>
            Give voucher
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
