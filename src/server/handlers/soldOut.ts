import type { Transaction } from 'kysely';
import type { components } from '../../api/schema.gen';
import type { EditableMenuCategory } from '../../domain/menuRules';
import type { DatabaseSchema } from '../db/schema';
import { currentMarks, soldOutUntil, type SoldOutMark } from '../domain/soldOut';
import { ApiError } from '../errors';
import type { HandlerMap } from './handlerTypes';
import { restaurantOf } from '../services/restaurant';
import { recordChange } from './ownerEdits';

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

async function markRows(transaction: Transaction<DatabaseSchema>, now: Date): Promise<SoldOutMark[]> {
  const rows = await transaction.selectFrom('sold_out_items').selectAll().where('until', '>', now.toISOString()).execute();
  return rows.map((row) => ({ itemId: row.item_id, configId: row.config_id === 0 ? null : row.config_id, until: row.until }));
}

export const soldOutHandlers: Pick<HandlerMap, 'listSoldOut' | 'setSoldOut'> = {
  async listSoldOut(request) {
    const { repositories } = request.server;
    const restaurant = await restaurantOf(repositories);
    const [marks, published] = await Promise.all([repositories.soldOut.marks(), repositories.menuEditor.readPublished(restaurant.menuId)]);
    return { data: { soldOut: entriesOf(currentMarks(marks, request.server.clock()), published?.categories ?? []) } };
  },

  async setSoldOut(request) {
    const { itemId, soldOut } = request.body;
    const configId = request.body.configId ?? null;
    const { repositories } = request.server;
    const now = request.server.clock();
    const restaurant = await restaurantOf(repositories);
    const published = await repositories.menuEditor.readPublished(restaurant.menuId);
    const categories = published?.categories ?? [];
    const title = titleOf(categories, itemId, configId);
    if (title === undefined) {
      const field = titleOf(categories, itemId, null) === undefined ? 'itemId' : 'configId';
      throw new ApiError(400, null, [{ field, message: field === 'itemId' ? 'is not a dish on the menu' : 'is not an option of this dish' }]);
    }
    const until = soldOutUntil(now, restaurant.openingHours, restaurant.specialDays).toISOString();
    const marks = await recordChange(request, async (transaction) => {
      const key = { item_id: itemId, config_id: configId ?? 0 };
      const inForce = await markRows(transaction, now);
      const wasSoldOut = inForce.some((mark) => mark.itemId === itemId && mark.configId === configId);
      // Marks whose day has passed are tidied away by the next change.
      await transaction.deleteFrom('sold_out_items').where('until', '<=', now.toISOString()).execute();
      if (soldOut === wasSoldOut) return { result: inForce, audit: [] };
      if (soldOut) {
        await transaction
          .insertInto('sold_out_items')
          .values({ ...key, until, marked_at: now.toISOString() })
          .onConflict((conflict) => conflict.columns(['item_id', 'config_id']).doUpdateSet({ until, marked_at: now.toISOString() }))
          .execute();
      } else {
        await transaction.deleteFrom('sold_out_items').where('item_id', '=', itemId).where('config_id', '=', key.config_id).execute();
      }
      const summary = soldOut ? `${title} sold out until ${untilFormat.format(new Date(until))}` : `${title} back on sale`;
      const mark = { itemId, configId, until };
      return { result: await markRows(transaction, now), audit: [{ area: 'sold-out', summary, before: soldOut ? null : mark, after: soldOut ? mark : null }] };
    });
    return { data: { soldOut: entriesOf(marks, categories) } };
  },
};
