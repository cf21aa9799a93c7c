import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/NumberInput.css';
import { Alert, Button, Fieldset, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { callApi } from '../../../api/client';
import { WEEK_FROM_MONDAY, WEEKDAY_NAMES } from '../../../domain/londonClock';
import type { OpeningPeriod, SpecialDay } from '../../../domain/openingHours';
import { LEAD_MINUTES_RULE, ORDERS_PER_SLOT_RULE, openingHoursFailures, SLOT_MINUTES_CHOICES, type OpeningHoursEdit } from '../../../domain/openingHoursRules';
import { BusyModeControl } from '../../../components/kitchen/BusyModeControl';
import { EditProblem } from '../settings/EditProblem';
import { useAreaEditor } from '../settings/useAreaEditor';
import { UnsavedChangesGuard } from '../UnsavedChangesGuard';
import { useFocusFirstRefusal } from '../useFocusFirstRefusal';

const NEW_SESSION = { opens: '17:00', closes: '22:00' };

/** What a number box holds; an empty one is no number, so the rule's message says so rather than saving 0. */
const numberOf = (value: number | string) => {
  if (typeof value === 'number') return value;
  const typed = value.replace(/[£,\s]/g, '');
  return typed === '' ? Number.NaN : Number(typed);
};

type Session = { opens: string; closes: string };

/** One session's two times, with its messages beside them, and a button to remove it. */
function SessionFields({ name, session, errors, onChange, onRemove }: {
  name: string;
  session: Session;
  errors: { opens?: string; closes?: string };
  onChange: (session: Session) => void;
  onRemove: () => void;
}) {
  return (
    <Group gap="xs" align="start">
      <TextInput label={`${name} opens`} placeholder="17:30" value={session.opens} onChange={(event) => onChange({ ...session, opens: event.currentTarget.value })} error={errors.opens} w={150} />
      <TextInput label={`${name} closes`} placeholder="22:30" value={session.closes} onChange={(event) => onChange({ ...session, closes: event.currentTarget.value })} error={errors.closes} w={150} />
      <Button variant="subtle" color="dark" mt={26} onClick={onRemove}>
        Remove {name}
      </Button>
    </Group>
  );
}

/** `/manage/hours`: sessions per weekday, special days, lead times and slots (docs/back-office.md, "Opening hours"). */
export function HoursScreen() {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const editor = useAreaEditor<OpeningHoursEdit>(
    async (signal) => {
      const result = await callApi(api.GET('/manage/hours', { signal }), signal);
      return result.ok ? { ok: true, data: { value: result.data.hours, revision: result.data.revision } } : result;
    },
    async ({ revision, value }, signal) => {
      const result = await callApi(api.PUT('/manage/hours', { body: { revision, hours: value }, signal }), signal);
      return result.ok ? { ok: true, data: { value: result.data.hours, revision: result.data.revision } } : result;
    },
    openingHoursFailures,
  );
  const { value: hours, errors } = editor;
  const formRef = useFocusFirstRefusal(Object.keys(errors).length > 0 ? errors : undefined);

  if (hours === null) {
    return (
      <Stack gap="md">
        <Title order={1}>Opening hours</Title>
        <Text>{editor.loadFailed ? 'The opening hours could not be loaded: reload the page to try again.' : 'Loading the opening hours…'}</Text>
      </Stack>
    );
  }
  const setWeekly = (weekly: OpeningPeriod[]) => editor.change({ ...hours, weekly });
  const setSpecialDays = (specialDays: SpecialDay[]) => editor.change({ ...hours, specialDays });
  const setSpecialDay = (index: number, day: SpecialDay) => setSpecialDays(hours.specialDays.map((kept, position) => (position === index ? day : kept)));
  const fieldErrors = (prefix: string) => ({ opens: errors[`${prefix}.opens`], closes: errors[`${prefix}.closes`] });

  return (
    <Stack gap="md" maw={64 * 16}>
      <UnsavedChangesGuard unsaved={editor.unsaved} />
      <Title order={1}>Opening hours</Title>
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          editor.save();
        }}
      >
        <Stack gap="md">
          <Fieldset legend="Every week">
            <Stack gap="md">
              {hours.weekly.length === 0 && (
                <Alert color="imperialGold" title="Closed every day">
                  With no session on any day, the site shows the restaurant closed every week and takes no orders online, except on special days with sessions.
                </Alert>
              )}
              {WEEK_FROM_MONDAY.map((day) => {
                const sessions = hours.weekly.flatMap((period, index) => (period.day === day ? [{ period, index }] : []));
                return (
                  <Stack key={day} gap={4} component="section" aria-label={WEEKDAY_NAMES[day]}>
                    <Text fw={700}>{WEEKDAY_NAMES[day]}{sessions.length === 0 ? ': closed' : ''}</Text>
                    {sessions.map(({ period, index }, position) => (
                      <SessionFields
                        key={index}
                        name={`${WEEKDAY_NAMES[day]} session ${position + 1}`}
                        session={period}
                        errors={fieldErrors(`weekly[${index}]`)}
                        onChange={(session) => setWeekly(hours.weekly.map((kept, at) => (at === index ? { ...kept, ...session } : kept)))}
                        onRemove={() => setWeekly(hours.weekly.filter((_kept, at) => at !== index))}
                      />
                    ))}
                    <Button variant="outline" color="dark" w="fit-content" onClick={() => setWeekly([...hours.weekly, { day, ...NEW_SESSION }])}>
                      Add a session on {WEEKDAY_NAMES[day]}
                    </Button>
                  </Stack>
                );
              })}
            </Stack>
          </Fieldset>

          <Fieldset legend="Closures and special days">
            <Stack gap="md">
              <Text size="sm">A special day replaces its weekday: without sessions it is closed. Customers read its message.</Text>
              {hours.specialDays.map((specialDay, index) => {
                const name = `Special day ${index + 1}`;
                return (
                  <Stack key={index} gap={4} component="section" aria-label={name}>
                    <Group gap="xs" align="start">
                      <TextInput label={`${name} date`} placeholder="2026-12-25" value={specialDay.date} onChange={(event) => setSpecialDay(index, { ...specialDay, date: event.currentTarget.value })} error={errors[`specialDays[${index}].date`]} w={180} />
                      <TextInput label={`${name} message`} placeholder="Closed for Christmas Day" value={specialDay.message} onChange={(event) => setSpecialDay(index, { ...specialDay, message: event.currentTarget.value })} error={errors[`specialDays[${index}].message`]} style={{ flex: 1 }} miw={220} />
                    </Group>
                    {specialDay.sessions.length === 0 && <Text size="sm">Closed all day.</Text>}
                    {specialDay.sessions.map((session, position) => (
                      <SessionFields
                        key={position}
                        name={`${name} session ${position + 1}`}
                        session={session}
                        errors={fieldErrors(`specialDays[${index}].sessions[${position}]`)}
                        onChange={(changed) => setSpecialDay(index, { ...specialDay, sessions: specialDay.sessions.map((kept, at) => (at === position ? changed : kept)) })}
                        onRemove={() => setSpecialDay(index, { ...specialDay, sessions: specialDay.sessions.filter((_kept, at) => at !== position) })}
                      />
                    ))}
                    <Group gap="xs">
                      <Button variant="outline" color="dark" onClick={() => setSpecialDay(index, { ...specialDay, sessions: [...specialDay.sessions, NEW_SESSION] })}>
                        Add a session on {name.toLowerCase()}
                      </Button>
                      <Button variant="subtle" color="dark" onClick={() => setSpecialDays(hours.specialDays.filter((_kept, at) => at !== index))}>
                        Remove {name.toLowerCase()}
                      </Button>
                    </Group>
                  </Stack>
                );
              })}
              <Button variant="outline" color="dark" w="fit-content" onClick={() => setSpecialDays([...hours.specialDays, { date: '', message: '', sessions: [] }])}>
                Add a closure or special day
              </Button>
            </Stack>
          </Fieldset>

          <Fieldset legend="Order times">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput label="Collection lead time (minutes)" min={LEAD_MINUTES_RULE.minimum} max={LEAD_MINUTES_RULE.maximum} clampBehavior="none" allowDecimal={false} value={Number.isNaN(hours.collectionLeadMinutes) ? '' : hours.collectionLeadMinutes} onChange={(value) => editor.change({ ...hours, collectionLeadMinutes: numberOf(value) })} error={errors.collectionLeadMinutes} />
              <NumberInput label="Delivery lead time (minutes)" min={LEAD_MINUTES_RULE.minimum} max={LEAD_MINUTES_RULE.maximum} clampBehavior="none" allowDecimal={false} value={Number.isNaN(hours.deliveryLeadMinutes) ? '' : hours.deliveryLeadMinutes} onChange={(value) => editor.change({ ...hours, deliveryLeadMinutes: numberOf(value) })} error={errors.deliveryLeadMinutes} />
              <NativeSelect label="Time slot length" value={String(hours.slotMinutes)} onChange={(event) => editor.change({ ...hours, slotMinutes: Number(event.currentTarget.value) })} data={SLOT_MINUTES_CHOICES.map((minutes) => ({ value: String(minutes), label: `${minutes} minutes` }))} error={errors.slotMinutes} />
              <NumberInput label="Most orders per slot" description="Leave empty for no limit." min={ORDERS_PER_SLOT_RULE.minimum} max={ORDERS_PER_SLOT_RULE.maximum} clampBehavior="none" allowDecimal={false} value={hours.ordersPerSlot ?? ''} onChange={(value) => editor.change({ ...hours, ordersPerSlot: value === '' ? null : numberOf(value) })} error={errors.ordersPerSlot} />
            </SimpleGrid>
          </Fieldset>

          {editor.problem !== null && <EditProblem problem={editor.problem} onReload={editor.reload} />}
          <Group>
            <Button type="submit" color="dark" loading={editor.saving}>
              Save opening hours
            </Button>
            {editor.saved && <Text role="status">Saved: customers&apos; times follow now.</Text>}
          </Group>
        </Stack>
      </form>
      <BusyModeControl />
    </Stack>
  );
}
