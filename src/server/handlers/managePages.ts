import { discardPageDraft, managedPage, managedPages, publishPageDraft, removePage, savePageDraft } from '../services/pages';
import type { HandlerMap } from './handlerTypes';
import { changeSaved, whoOf } from './ownerEdits';

// The owner's pages editor (docs/back-office.md, "Pages"); the use-cases are services/pages.ts.

export const managePageHandlers: Pick<HandlerMap, 'listManagedPages' | 'getManagedPage' | 'savePageDraft' | 'publishPageDraft' | 'discardPageDraft' | 'removePage'> = {
  async listManagedPages(request) {
    return { data: await managedPages(request.server) };
  },

  async getManagedPage(request) {
    return { data: await managedPage(request.server, request.params.page) };
  },

  async savePageDraft(request) {
    return { data: changeSaved(await savePageDraft(request.server, whoOf(request), request.params.page, request.body.revision, request.body)).result };
  },

  async publishPageDraft(request) {
    return { data: changeSaved(await publishPageDraft(request.server, whoOf(request), request.params.page, request.body.revision)).result };
  },

  async discardPageDraft(request) {
    return { data: changeSaved(await discardPageDraft(request.server, whoOf(request), request.params.page, request.body.revision)).result };
  },

  async removePage(request) {
    return { data: changeSaved(await removePage(request.server, whoOf(request), request.params.page, request.body.revision)).result };
  },
};
