import { busyModeAt, NOT_BUSY, type BusyMode } from '../../domain/busyMode';
import { londonWallClock } from '../../domain/londonClock';
import type { Editor } from '../db/editRepository';
import { readBusyMode as readBusyModeRow, writeBusyMode } from '../db/restaurantEdits';
import { ApiError } from '../errors';
import type { RequestBody } from '../handlers/handlerTypes';
import { recordChange } from './ownerChanges';
import { restaurantOf } from './restaurant';
import type { ServiceContext } from './serviceContext';

// Busy mode (docs/back-office.md, "Busy mode"): the kitchen or the owner pauses new orders or slows every lead time. A
// staff action, not an edit of a whole: recorded with its audit line (area 'busy') and seen by customers at once.

const clockText = (instant: string) => {
  const { minutes } = londonWallClock(new Date(instant));
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

function summaryOf(busy: BusyMode): string {
  if (busy.paused) return busy.pausedUntil === undefined ? 'Busy mode: new orders paused until switched back' : `Busy mode: new orders paused until ${clockText(busy.pausedUntil)}`;
  if (busy.extraMinutes > 0) return `Busy mode: ${busy.extraMinutes} minutes added to every lead time`;
  return 'Busy mode ended';
}

/** Busy mode as it is now (a timed pause that has run out is over). */
export async function currentBusyMode({ repositories, clock }: ServiceContext): Promise<{ busy: BusyMode; now: Date }> {
  const now = clock();
  const restaurant = await restaurantOf(repositories);
  return { busy: busyModeAt(restaurant.busyMode, now), now };
}

/** The busy mode the staff member asked for; minutes that do not go with the mode chosen are refused (400). */
function busyModeAsked({ mode, pauseMinutes, extraMinutes }: RequestBody<'setBusyMode'>, now: Date): BusyMode {
  if (mode !== 'pause' && pauseMinutes !== undefined) throw new ApiError(400, null, [{ field: 'pauseMinutes', message: 'Only a pause lasts a number of minutes' }]);
  if (mode !== 'extraTime' && extraMinutes !== undefined) throw new ApiError(400, null, [{ field: 'extraMinutes', message: 'Extra minutes go with extra time only' }]);
  if (mode === 'pause') {
    return { paused: true, ...(pauseMinutes === undefined ? {} : { pausedUntil: new Date(now.getTime() + pauseMinutes * 60_000).toISOString() }), extraMinutes: 0 };
  }
  if (mode === 'extraTime') {
    if (extraMinutes === undefined) throw new ApiError(400, null, [{ field: 'extraMinutes', message: 'Choose how many minutes to add' }]);
    return { paused: false, extraMinutes };
  }
  return NOT_BUSY;
}

/** Sets busy mode, with its audit line; customers see it at once. */
export async function setBusyMode(context: ServiceContext, who: { editor: Editor; now: Date }, asked: RequestBody<'setBusyMode'>): Promise<{ busy: BusyMode; now: Date }> {
  const { now } = who;
  const next = busyModeAsked(asked, now);
  await recordChange(context, who, async (transaction) => {
    const { restaurantId, busyMode } = await readBusyModeRow(transaction);
    await writeBusyMode(transaction, restaurantId, next);
    return { result: undefined, audit: [{ area: 'busy', summary: summaryOf(next), before: busyModeAt(busyMode, now), after: next }] };
  });
  return { busy: next, now };
}
