import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { callApi } from '../../../api/client';
import type { ApiError } from '../../../domain/apiErrors';
import type { components } from '../../../api/schema.gen';
import { deliveryZoneFailures, type DeliveryZoneDraft } from '../../../domain/deliveryZoneRules';
import { formatPounds } from '../../../domain/money';
import { fieldMessage } from '../../../domain/fieldMessages';
import { UnsavedChangesGuard } from '../UnsavedChangesGuard';
import { useFocusFirstRefusal } from '../useFocusFirstRefusal';

type ManagedDeliveryZone = components['schemas']['ManagedDeliveryZone'];

/** A zone as typed: every box is text until it is sent. `key` keeps React's rows apart while areas are being typed. */
interface ZoneRow {
  key: number;
  postcodeArea: string;
  name: string;
  deliveryCharge: string;
  minimumOrderValue: string;
}

type ZoneField = Exclude<keyof ZoneRow, 'key'>;

const FIELD_SUBJECTS: Readonly<Record<ZoneField, string>> = {
  postcodeArea: 'The postcode area',
  name: 'The name',
  deliveryCharge: 'The delivery charge',
  minimumOrderValue: 'The minimum order',
};

const poundsText = (pounds: number) => pounds.toFixed(2);
/** What the owner typed, as the API takes it: text that is not a number fails the shared rule. */
const poundsOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(/^£/, '')));

let nextKey = 0;
const rowOf = (zone: ManagedDeliveryZone): ZoneRow => ({
  key: nextKey++,
  postcodeArea: zone.postcodeArea,
  name: zone.name,
  deliveryCharge: poundsText(zone.deliveryCharge),
  minimumOrderValue: poundsText(zone.minimumOrderValue),
});
const draftOf = (row: ZoneRow): DeliveryZoneDraft => ({
  postcodeArea: row.postcodeArea,
  name: row.name,
  deliveryCharge: poundsOf(row.deliveryCharge),
  minimumOrderValue: poundsOf(row.minimumOrderValue),
});

/** `zones[3].postcodeArea` → a message for row 3's box, worded for it. */
function rowErrorsOf(failures: readonly { field: string; message: string }[]): Map<string, string> {
  const errors = new Map<string, string>();
  for (const failure of failures) {
    const match = /^zones\[(\d+)\]\.(\w+)$/.exec(failure.field);
    const field = match?.[2] as ZoneField | undefined;
    if (match === null || field === undefined || !(field in FIELD_SUBJECTS)) continue;
    const key = `${match[1]}.${field}`;
    if (!errors.has(key)) errors.set(key, fieldMessage(FIELD_SUBJECTS[field], failure.message));
  }
  return errors;
}

/** `/manage/zones`: the postcode districts and sectors the restaurant delivers to, with a look-up box (docs/back-office.md). */
export function ZonesScreen() {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const [rows, setRows] = useState<ZoneRow[] | null>(null);
  const [stored, setStored] = useState<ZoneRow[] | null>(null);
  const [revision, setRevision] = useState(0);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [saveError, setSaveError] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  const load = useCallback(async () => {
    setLoadError(null);
    setSaveError(null);
    setErrors(new Map());
    const answer = await callApi(api.GET('/manage/zones'));
    if (answer.ok) {
      setRows(answer.data.zones.map(rowOf));
      setStored(answer.data.zones.map(rowOf));
      setRevision(answer.data.revision);
    } else if (!answer.aborted) {
      setLoadError(answer.error);
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  const change = (key: number, field: ZoneField, value: string) => {
    setSaved(false);
    setRows((current) => current?.map((row) => (row.key === key ? { ...row, [field]: value } : row)) ?? current);
  };

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rows === null) return;
    setSaved(false);
    setSaveError(null);
    const zones = rows.map(draftOf);
    const found = deliveryZoneFailures(zones);
    setErrors(rowErrorsOf(found));
    if (found.length > 0) return;
    setSaving(true);
    const answer = await callApi(api.PUT('/manage/zones', { body: { revision, zones } }));
    setSaving(false);
    if (answer.ok) {
      setRows(answer.data.zones.map(rowOf));
      setStored(answer.data.zones.map(rowOf));
      setRevision(answer.data.revision);
      setSaved(true);
    } else if (!answer.aborted) {
      setErrors(rowErrorsOf(answer.error.validationErrors));
      setSaveError(answer.error);
    }
  }

  const formRef = useFocusFirstRefusal(errors.size > 0 ? errors : undefined);
  const unsaved = rows !== null && stored !== null && JSON.stringify(rows.map(draftOf)) !== JSON.stringify(stored.map(draftOf));

  return (
    <Stack gap="md">
      <UnsavedChangesGuard unsaved={unsaved} />
      <Title order={1}>Delivery zones</Title>
      <Text>
        Each zone is a postcode district (LS6) or a sector (LS6 2) with its delivery charge and minimum order. A sector wins over its district.
        Customers meet the zones as soon as you save them.
      </Text>
      <ZoneLookUp />
      {loadError !== null && (
        <Alert color="red" variant="outline" title="The zones could not be loaded">
          <Text>{loadError.message ?? 'Please try again.'}</Text>
          <Button mt="sm" color="dark" onClick={() => void load()}>
            Try again
          </Button>
        </Alert>
      )}
      {rows === null && loadError === null && <Text role="status">Loading the zones…</Text>}
      {rows !== null && (
        <form ref={formRef} onSubmit={(event) => void save(event)} noValidate aria-label="Delivery zones">
          <Stack gap="sm">
            {rows.map((row, index) => {
              const errorOf = (field: ZoneField) => errors.get(`${index}.${field}`);
              const label = row.postcodeArea.trim() === '' ? `new zone ${index + 1}` : `zone ${row.postcodeArea.trim().toUpperCase()}`;
              return (
                <Paper key={row.key} withBorder p="sm" role="group" aria-label={label.replace(/^./, (first) => first.toUpperCase())}>
                  <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" verticalSpacing="xs">
                    <TextInput label="Postcode area" value={row.postcodeArea} error={errorOf('postcodeArea')} onChange={(event) => change(row.key, 'postcodeArea', event.currentTarget.value)} />
                    <TextInput label="Name" value={row.name} error={errorOf('name')} onChange={(event) => change(row.key, 'name', event.currentTarget.value)} />
                    <TextInput
                      label="Delivery charge (£)"
                      inputMode="decimal"
                      value={row.deliveryCharge}
                      error={errorOf('deliveryCharge')}
                      onChange={(event) => change(row.key, 'deliveryCharge', event.currentTarget.value)}
                    />
                    <TextInput
                      label="Minimum order (£)"
                      inputMode="decimal"
                      value={row.minimumOrderValue}
                      error={errorOf('minimumOrderValue')}
                      onChange={(event) => change(row.key, 'minimumOrderValue', event.currentTarget.value)}
                    />
                    <Group align="end">
                      <Button
                        variant="outline"
                        color="dark"
                        aria-label={`Remove ${label}`}
                        onClick={() => {
                          setSaved(false);
                          setErrors(new Map());
                          setRows((current) => current?.filter((kept) => kept.key !== row.key) ?? current);
                        }}
                      >
                        Remove
                      </Button>
                    </Group>
                  </SimpleGrid>
                </Paper>
              );
            })}
            {saveError?.status === 409 && (
              <Alert color="red" variant="outline" title="Not saved" role="alert">
                <Text>{saveError.message}</Text>
                <Button mt="sm" color="dark" onClick={() => void load()}>
                  Reload
                </Button>
              </Alert>
            )}
            {saveError !== null && saveError.status !== 409 && saveError.validationErrors.length === 0 && (
              <Alert color="red" variant="outline" title="The zones were not saved" role="alert">
                <Text>{saveError.message ?? 'Please try again.'}</Text>
              </Alert>
            )}
            {saved && <Text role="status">Saved: customers meet these zones now.</Text>}
            <Group>
              <Button
                variant="outline"
                color="dark"
                onClick={() => {
                  setSaved(false);
                  setRows((current) => [...(current ?? []), { key: nextKey++, postcodeArea: '', name: '', deliveryCharge: '', minimumOrderValue: '' }]);
                }}
              >
                Add a zone
              </Button>
              <Button type="submit" color="dark" loading={saving}>
                Save zones
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** Tries a postcode as the delivery step will: which zone it falls in, at what charge and minimum. */
function ZoneLookUp() {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const [postcode, setPostcode] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAnswer(null);
    setError(undefined);
    if (postcode.trim() === '') {
      setError('Enter a postcode');
      return;
    }
    const result = await callApi(api.GET('/manage/zones/check/{postcode}', { params: { path: { postcode: postcode.trim() } } }));
    if (!result.ok) {
      if (result.aborted) return;
      const failure = result.error.validationErrors[0];
      setError(failure === undefined ? (result.error.message ?? 'Please try again.') : fieldMessage('The postcode', failure.message));
      return;
    }
    const { zone } = result.data;
    setAnswer(
      zone === null
        ? `${result.data.postcode} is outside every zone: the restaurant does not deliver there.`
        : `${result.data.postcode} is in zone ${zone.postcodeArea} (${zone.name}): delivery ${formatPounds(zone.deliveryCharge)}, minimum order ${formatPounds(zone.minimumOrderValue)}.`,
    );
  }

  return (
    <form onSubmit={(event) => void check(event)} noValidate aria-label="Postcode look-up">
      <Group align="end" wrap="wrap">
        <TextInput label="Postcode to check" value={postcode} error={error} onChange={(event) => setPostcode(event.currentTarget.value)} maw={240} />
        <Button type="submit" variant="outline" color="dark">
          Check
        </Button>
      </Group>
      {answer !== null && (
        <Text role="status" mt="xs">
          {answer}
        </Text>
      )}
    </form>
  );
}
