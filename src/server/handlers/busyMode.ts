import { busyMessage, busyModeAt, NOT_BUSY, type BusyMode } from '../../domain/busyMode';
import { londonWallClock } from '../../domain/londonClock';
import { readBusyMode, writeBusyMode } from '../db/restaurantEdits';
import { ApiError } from '../errors';
import type { HandlerMap } from './handlerTypes';
import { restaurantOf } from '../services/restaurant';
import { recordChange } from './ownerEdits';

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

const answerOf = (busy: BusyMode, now: Date) => {
  const message = busyMessage(busy, now);
  return { data: { busyMode: busy, ...(message === undefined ? {} : { message }) } };
};

export const busyModeHandlers: Pick<HandlerMap, 'getBusyMode' | 'setBusyMode'> = {
  async getBusyMode(request) {
    const now = request.server.clock();
    const restaurant = await restaurantOf(request.server.repositories);
    return answerOf(busyModeAt(restaurant.busyMode, now), now);
  },

  async setBusyMode(request) {
    const { mode, pauseMinutes, extraMinutes } = request.body;
    const now = request.server.clock();
    if (mode !== 'pause' && pauseMinutes !== undefined) throw new ApiError(400, null, [{ field: 'pauseMinutes', message: 'Only a pause lasts a number of minutes' }]);
    if (mode !== 'extraTime' && extraMinutes !== undefined) throw new ApiError(400, null, [{ field: 'extraMinutes', message: 'Extra minutes go with extra time only' }]);
    if (mode === 'extraTime' && extraMinutes === undefined) throw new ApiError(400, null, [{ field: 'extraMinutes', message: 'Choose how many minutes to add' }]);
    const next: BusyMode =
      mode === 'pause'
        ? { paused: true, ...(pauseMinutes === undefined ? {} : { pausedUntil: new Date(now.getTime() + pauseMinutes * 60_000).toISOString() }), extraMinutes: 0 }
        : mode === 'extraTime'
          ? { paused: false, extraMinutes: extraMinutes! }
          : NOT_BUSY;
    await recordChange(request, async (transaction) => {
      const { restaurantId, busyMode } = await readBusyMode(transaction);
      await writeBusyMode(transaction, restaurantId, next);
      return { result: undefined, audit: [{ area: 'busy', summary: summaryOf(next), before: busyModeAt(busyMode, now), after: next }] };
    });
    return answerOf(next, now);
  },
};
