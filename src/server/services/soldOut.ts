import type { components } from '../../api/schema.gen';
import type { EditableMenuCategory } from '../../domain/menuRules';
import type { Editor } from '../db/editRepository';
import { dropPassedMarks, markSoldOut, marksInForce, unmarkSoldOut } from '../db/soldOutRepository';
import { currentMarks, soldOutUntil, type SoldOutMark } from '../domain/soldOut';
import { ApiError } from '../errors';
import { recordChange } from './ownerChanges';
import { restaurantOf } from './restaurant';
import type { ServiceContext } from './serviceContext';

type SoldOutEntry = components['schemas']['SoldOutEntry'];

// "Sold out today" (docs/back-office.md): the kitchen, or the owner, marks a dish or one option unavailable until the
// restaurant's next opening day. No new menu version: the customers' menu marks it (repositories.ts), and the order
// update and confirmation refuse it, until the mark's `until` passes.

const untilFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Crispy Chilli Beef", or "Chicken Chow Mein (King Prawn)" for an option; undefined when the menu has no such dish or option. */
function titleOf(categories: readonly EditableMenuCategory[], itemId: number, configId: number | null): string | undefined {
  const item = categories.flatMap((category) => category.items).find((candidate) => candidate.itemId === itemId);
  if (item === undefined) return undefined;
  if (configId === null) return item.title;
  const option = item.options.find((candidate) => candidate.configId === configId);
  return option === undefined ? undefined : `${item.title} (${option.label})`;
}

function entriesOf(marks: readonly SoldOutMark[], categories: readonly EditableMenuCategory[]): SoldOutEntry[] {
  return marks.flatMap((mark) => {
    const title = titleOf(categories, mark.itemId, mark.configId);
    // A dish published away since it was marked is no longer anyone's concern.
    if (title === undefined) return [];
    return [{ itemId: mark.itemId, ...(mark.configId === null ? {} : { configId: mark.configId }), title, until: mark.until }];
  });
}

/** The dishes and options sold out now, as the kitchen lists them. */
export async function soldOutNow({ repositories, clock }: ServiceContext): Promise<SoldOutEntry[]> {
  const restaurant = await restaurantOf(repositories);
  const [marks, published] = await Promise.all([repositories.soldOut.marks(), repositories.menuEditor.readPublished(restaurant.menuId)]);
  return entriesOf(currentMarks(marks, clock()), published?.categories ?? []);
}

/**
 * Marks a dish, or one option of it, sold out until the next opening day, or back on sale, with its audit line; one the
 * published menu does not have is refused (400). Answers the dishes and options sold out now.
 */
export async function setSoldOut(
  context: ServiceContext,
  who: { editor: Editor; now: Date },
  asked: { itemId: number; configId?: number; soldOut: boolean },
): Promise<SoldOutEntry[]> {
  const { repositories } = context;
  const { itemId, soldOut } = asked;
  const configId = asked.configId ?? null;
  const { now } = who;
  const restaurant = await restaurantOf(repositories);
  const published = await repositories.menuEditor.readPublished(restaurant.menuId);
  const categories = published?.categories ?? [];
  const title = titleOf(categories, itemId, configId);
  if (title === undefined) {
    const field = titleOf(categories, itemId, null) === undefined ? 'itemId' : 'configId';
    throw new ApiError(400, null, [{ field, message: field === 'itemId' ? 'is not a dish on the menu' : 'is not an option of this dish' }]);
  }
  const until = soldOutUntil(now, restaurant.openingHours, restaurant.specialDays).toISOString();
  const marks = await recordChange(context, who, async (transaction) => {
    const inForce = await marksInForce(transaction, now);
    const wasSoldOut = inForce.some((mark) => mark.itemId === itemId && mark.configId === configId);
    // Marks whose day has passed are tidied away by the next change.
    await dropPassedMarks(transaction, now);
    if (soldOut === wasSoldOut) return { result: inForce, audit: [] };
    const mark = { itemId, configId, until };
    if (soldOut) await markSoldOut(transaction, mark, now);
    else await unmarkSoldOut(transaction, itemId, configId);
    const summary = soldOut ? `${title} sold out until ${untilFormat.format(new Date(until))}` : `${title} back on sale`;
    return { result: await marksInForce(transaction, now), audit: [{ area: 'sold-out', summary, before: soldOut ? null : mark, after: soldOut ? mark : null }] };
  });
  return entriesOf(marks, categories);
}
