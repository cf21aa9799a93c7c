import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/NumberInput.css';
import { Button, Checkbox, Fieldset, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { callApi } from '../../../api/client';
import { penceToPounds } from '../../../domain/money';
import {
  ACCEPTANCE_TIMEOUT_RULE,
  ORDER_DAYS_AHEAD_RULE,
  MONEY_SETTING_RULES,
  takeawaySettingsFailures,
  type MoneySettingField,
  type TakeawaySettingsEdit,
} from '../../../domain/takeawaySettingsRules';
import { DishPhotoField } from '../menu/DishPhotoField';
import { EditProblem } from './EditProblem';
import { useAreaEditor } from './useAreaEditor';
import { UnsavedChangesGuard } from '../UnsavedChangesGuard';
import { useFocusFirstRefusal } from '../useFocusFirstRefusal';

const SWITCHES: readonly { field: 'allowOrdering' | 'allowCollection' | 'allowCashPayment'; label: string; description: string }[] = [
  { field: 'allowOrdering', label: 'Take orders online', description: 'Off: the site says to phone instead, and refuses orders.' },
  { field: 'allowCollection', label: 'Offer collection', description: 'Off: delivery only.' },
  { field: 'allowCashPayment', label: 'Take cash', description: 'Off: customers pay by PayPal or card.' },
];

const MONEY_FIELDS: readonly { field: MoneySettingField; label: string }[] = [
  { field: 'minimumCollectionOrderValue', label: 'Minimum collection order' },
  { field: 'minimumFreeOrderValue', label: 'Minimum delivery order' },
  { field: 'standardDeliveryCharge', label: 'Standard delivery charge' },
  { field: 'bagCharge', label: 'Bag charge' },
  { field: 'maximumCashOrderValue', label: 'Largest cash order' },
  { field: 'maximumOrderValue', label: 'Largest order' },
];

/** What a number box holds; an empty one is no number, so the rule's message says so rather than saving 0. */
const numberOf = (value: number | string) => {
  if (typeof value === 'number') return value;
  const typed = value.replace(/[£,\s]/g, '');
  return typed === '' ? Number.NaN : Number(typed);
};

/** `/manage/settings`: the takeaway settings (docs/back-office.md, "Settings"), money typed in pounds. */
export function SettingsScreen() {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const editor = useAreaEditor<TakeawaySettingsEdit>(
    async (signal) => {
      const result = await callApi(api.GET('/manage/settings', { signal }), signal);
      return result.ok ? { ok: true, data: { value: result.data.settings, revision: result.data.revision } } : result;
    },
    async ({ revision, value }, signal) => {
      const result = await callApi(api.PUT('/manage/settings', { body: { revision, settings: value }, signal }), signal);
      return result.ok ? { ok: true, data: { value: result.data.settings, revision: result.data.revision } } : result;
    },
    takeawaySettingsFailures,
  );
  const { value: settings, errors } = editor;
  const formRef = useFocusFirstRefusal(Object.keys(errors).length > 0 ? errors : undefined);

  return (
    <Stack gap="md" maw={56 * 16}>
      <UnsavedChangesGuard unsaved={editor.unsaved} />
      <Title order={1}>Takeaway settings</Title>
      {editor.loadFailed && <Text>The settings could not be loaded: reload the page to try again.</Text>}
      {settings === null ? (
        !editor.loadFailed && <Text>Loading the settings…</Text>
      ) : (
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            editor.save();
          }}
        >
          <Stack gap="md">
            <Fieldset legend="Ordering">
              <Stack gap="sm">
                {SWITCHES.map(({ field, label, description }) => (
                  <Checkbox
                    key={field}
                    label={label}
                    description={description}
                    checked={settings[field]}
                    onChange={(event) => editor.change({ ...settings, [field]: event.currentTarget.checked })}
                  />
                ))}
              </Stack>
            </Fieldset>
            <Fieldset legend="Money">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {MONEY_FIELDS.map(({ field, label }) => (
                  <NumberInput
                    key={field}
                    label={label}
                    prefix="£"
                    decimalScale={2}
                    fixedDecimalScale
                    min={0}
                    max={penceToPounds(MONEY_SETTING_RULES[field].maximumPence)}
                    clampBehavior="none"
                    value={Number.isNaN(settings[field]) ? '' : settings[field]}
                    onChange={(value) => editor.change({ ...settings, [field]: numberOf(value) })}
                    error={errors[field]}
                  />
                ))}
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend="Orders nobody answers">
              <NumberInput
                label="Refuse an unanswered order after (minutes)"
                description="The customer is told to phone instead."
                min={ACCEPTANCE_TIMEOUT_RULE.minimumSeconds / 60}
                max={ACCEPTANCE_TIMEOUT_RULE.maximumSeconds / 60}
                clampBehavior="none"
                allowDecimal={false}
                value={Number.isNaN(settings.acceptanceTimeoutSeconds) ? '' : settings.acceptanceTimeoutSeconds / 60}
                onChange={(value) => editor.change({ ...settings, acceptanceTimeoutSeconds: Math.round(numberOf(value) * 60) })}
                error={errors.acceptanceTimeoutSeconds}
              />
            </Fieldset>
            <Fieldset legend="Orders for later">
              <NumberInput
                label="Customers may order ahead (days)"
                description="0: the next opening only. Up to 7; the same slot limits apply on every day. An order for later waits for you to open."
                min={ORDER_DAYS_AHEAD_RULE.minimum}
                max={ORDER_DAYS_AHEAD_RULE.maximum}
                clampBehavior="none"
                allowDecimal={false}
                value={Number.isNaN(settings.orderDaysAhead) ? '' : settings.orderDaysAhead}
                onChange={(value) => editor.change({ ...settings, orderDaysAhead: numberOf(value) })}
                error={errors.orderDaysAhead}
              />
            </Fieldset>
            <DishPhotoField
              dish="the restaurant"
              legend="The restaurant’s photo"
              withoutPhoto="No photo: the home page opens with its name, and a shared link to a page without a photo of its own shows no picture."
              photo={settings.sharePhoto}
              onChange={(photo) => editor.change({ ...settings, sharePhoto: photo })}
            />
            <Text size="sm" c="dimmed">
              It opens the home page and is the picture a link to the site shows on WhatsApp, Facebook or X (cropped to 1200 × 630),
              unless the page shared has a photo of its own. Save the settings to use a new one.
            </Text>
            {editor.problem !== null && <EditProblem problem={editor.problem} onReload={editor.reload} />}
            <Group>
              <Button type="submit" color="dark" loading={editor.saving}>
                Save settings
              </Button>
              {editor.saved && <Text role="status">Saved: customers see the new settings now.</Text>}
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
