import { discardMenuDraft, managedMenu, publishMenuDraft, saveMenuDraft } from '../services/menuEditing';
import type { HandlerMap } from './handlerTypes';
import { changeSaved, whoOf } from './ownerEdits';

// The owner's menu editor (docs/back-office.md, "Menu"); the use-cases are services/menuEditing.ts.

export const manageMenuHandlers: Pick<HandlerMap, 'getManagedMenu' | 'saveMenuDraft' | 'publishMenuDraft' | 'discardMenuDraft'> = {
  async getManagedMenu(request) {
    return { data: await managedMenu(request.server) };
  },

  async saveMenuDraft(request) {
    const { body } = request;
    return { data: changeSaved(await saveMenuDraft(request.server, whoOf(request), body.revision, body.categories)).result };
  },

  async publishMenuDraft(request) {
    return { data: changeSaved(await publishMenuDraft(request.server, whoOf(request), request.body.revision)).result };
  },

  async discardMenuDraft(request) {
    return { data: changeSaved(await discardMenuDraft(request.server, whoOf(request), request.body.revision)).result };
  },
};
