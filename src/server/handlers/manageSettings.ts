import { saveTakeawaySettings, takeawaySettings } from '../services/takeawaySettings';
import type { HandlerMap } from './handlerTypes';
import { changeSaved, whoOf } from './ownerEdits';

// The owner's takeaway settings (docs/back-office.md, "Settings"); the use-cases are services/takeawaySettings.ts.

export const manageSettingsHandlers: Pick<HandlerMap, 'getManageSettings' | 'saveManageSettings'> = {
  async getManageSettings(request) {
    return { data: await takeawaySettings(request.server) };
  },

  async saveManageSettings(request) {
    const { revision: openedAt, settings } = request.body;
    const { revision, result: saved } = changeSaved(await saveTakeawaySettings(request.server, whoOf(request), openedAt, settings));
    return { data: { settings: saved, revision } };
  },
};
