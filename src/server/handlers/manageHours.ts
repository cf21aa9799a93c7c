import { changeHours, openingHours } from '../services/openingHours';
import type { HandlerMap } from './handlerTypes';
import { changeSaved, whoOf } from './ownerEdits';

// The owner's opening hours (docs/back-office.md, "Opening hours"); the use-case is services/openingHours.ts.

export const manageHoursHandlers: Pick<HandlerMap, 'getManageHours' | 'saveManageHours'> = {
  async getManageHours(request) {
    return { data: await openingHours(request.server) };
  },

  async saveManageHours(request) {
    const { revision, result: hours } = changeSaved(await changeHours(request.server, whoOf(request), request.body.revision, request.body.hours));
    return { data: { hours, revision } };
  },
};
