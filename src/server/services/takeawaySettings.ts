import type { Transaction } from 'kysely';
import { formatGbp, poundsToPence } from '../../domain/money';
import { takeawaySettingsFailures, type MoneySettingField, type SettingsPhoto, type TakeawaySettingsEdit } from '../../domain/takeawaySettingsRules';
import { largestOrderBelowZoneMessage, zonesOutOfReach } from '../../domain/deliveryZoneRules';
import { readZones } from '../db/deliveryZoneRepository';
import type { AuditRecord, EditOutcome, Editor } from '../db/editRepository';
import { findPhotos } from '../db/mediaRepository';
import { readSettings, writeSettings, type StoredSettings } from '../db/restaurantEdits';
import type { DatabaseSchema } from '../db/schema';
import { ApiError } from '../errors';
import { NOT_UPLOADED_MESSAGE } from '../media/photos';
import { saveEdit } from './ownerChanges';
import type { ServiceContext } from './serviceContext';

// The owner's takeaway settings (docs/back-office.md, "Settings"): read and saved as a whole against their revision.
// The automatic-refusal time is the server's configured one until the owner saves their own.

/** A use-case's context and the automatic-refusal time the server was configured with. */
type SettingsContext = ServiceContext & { acceptanceTimeoutSeconds: number };

const SWITCH_NAMES = { allowOrdering: 'Online ordering', allowCollection: 'Collection', allowCashPayment: 'Cash payment' } as const;
const MONEY_NAMES: Readonly<Record<MoneySettingField, string>> = {
  minimumCollectionOrderValue: 'Minimum collection order',
  minimumFreeOrderValue: 'Minimum delivery order',
  standardDeliveryCharge: 'Delivery charge',
  bagCharge: 'Bag charge',
  maximumCashOrderValue: 'Largest cash order',
  maximumOrderValue: 'Largest order',
};

const onOff = (value: boolean) => (value ? 'on' : 'off');
const daysText = (days: number) => (days === 0 ? 'today only' : `${days} ${days === 1 ? 'day' : 'days'}`);
const photoText = (photo: TakeawaySettingsEdit['sharePhoto']) => (photo === undefined ? 'none' : `“${photo.alt}”`);
const durationText = (seconds: number) => (seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`);

/** One audit line per field changed: "Bag charge £0.10 → £0.20". */
function settingsChanges(before: TakeawaySettingsEdit, after: TakeawaySettingsEdit): AuditRecord[] {
  const lines: AuditRecord[] = [];
  const line = (field: keyof TakeawaySettingsEdit, summary: string) =>
    lines.push({ area: 'settings', summary, before: { [field]: before[field] }, after: { [field]: after[field] } });
  for (const [field, name] of Object.entries(SWITCH_NAMES) as [keyof typeof SWITCH_NAMES, string][]) {
    if (before[field] !== after[field]) line(field, `${name} ${onOff(before[field])} → ${onOff(after[field])}`);
  }
  for (const [field, name] of Object.entries(MONEY_NAMES) as [MoneySettingField, string][]) {
    const [was, is] = [poundsToPence(before[field]), poundsToPence(after[field])];
    if (was !== is) line(field, `${name} ${formatGbp(was)} → ${formatGbp(is)}`);
  }
  if (before.acceptanceTimeoutSeconds !== after.acceptanceTimeoutSeconds) {
    line('acceptanceTimeoutSeconds', `Automatic refusal after ${durationText(before.acceptanceTimeoutSeconds)} → ${durationText(after.acceptanceTimeoutSeconds)}`);
  }
  if (before.orderDaysAhead !== after.orderDaysAhead) {
    line('orderDaysAhead', `Orders ahead ${daysText(before.orderDaysAhead)} → ${daysText(after.orderDaysAhead)}`);
  }
  if (before.sharePhoto?.mediaId !== after.sharePhoto?.mediaId || before.sharePhoto?.alt !== after.sharePhoto?.alt) {
    line('sharePhoto', `Restaurant photo ${photoText(before.sharePhoto)} → ${photoText(after.sharePhoto)}`);
  }
  return lines;
}

/** The settings as the owner meets them: the automatic-refusal time in force, the configured one until they save theirs. */
function inForce(settings: StoredSettings, configuredTimeoutSeconds: number): TakeawaySettingsEdit {
  return { ...settings, acceptanceTimeoutSeconds: settings.acceptanceTimeoutSeconds ?? configuredTimeoutSeconds };
}

/** The photo as uploaded (its sizes are the server's, not the caller's) with the owner's alt text; 400 for one never uploaded. */
async function uploadedPhoto(transaction: Transaction<DatabaseSchema>, chosen: SettingsPhoto): Promise<SettingsPhoto> {
  const uploaded = (await findPhotos(transaction, [chosen.mediaId])).get(chosen.mediaId);
  if (uploaded === undefined) throw new ApiError(400, null, [{ field: 'settings.sharePhoto', message: NOT_UPLOADED_MESSAGE }]);
  return { ...uploaded, alt: chosen.alt };
}

/** The settings in force and the revision they are at. */
export async function takeawaySettings({ repositories, acceptanceTimeoutSeconds }: SettingsContext): Promise<{ settings: TakeawaySettingsEdit; revision: number }> {
  const [revision, { settings }] = await Promise.all([repositories.edits.revisionOf('settings'), repositories.restaurantEdits.readSettings()]);
  return { settings: inForce(settings, acceptanceTimeoutSeconds), revision };
}

/** Saves the settings if they are still at `openedAt`, with an audit line per field changed; settings that break a rule are refused (400). */
export function saveTakeawaySettings(
  context: SettingsContext,
  who: { editor: Editor; now: Date },
  openedAt: number,
  settings: TakeawaySettingsEdit,
): Promise<EditOutcome<TakeawaySettingsEdit>> {
  const failures = takeawaySettingsFailures(settings);
  if (failures.length > 0) throw new ApiError(400, null, failures);
  return saveEdit(context, 'settings', openedAt, who, async (transaction) => {
    const before = await readSettings(transaction);
    const [firstOutOfReach] = zonesOutOfReach(await readZones(transaction), poundsToPence(settings.maximumOrderValue));
    if (firstOutOfReach) throw new ApiError(400, null, [{ field: 'maximumOrderValue', message: largestOrderBelowZoneMessage(firstOutOfReach.zone) }]);
    const resolved = { ...settings, ...(settings.sharePhoto ? { sharePhoto: await uploadedPhoto(transaction, settings.sharePhoto) } : {}) };
    await writeSettings(transaction, before.restaurantId, resolved);
    return { result: resolved, audit: settingsChanges(inForce(before.settings, context.acceptanceTimeoutSeconds), resolved) };
  });
}
