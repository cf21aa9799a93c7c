import type { HandlerMap } from './handlerTypes';

const AUDIT_PAGE_SIZE = 50;

// The owner reads who changed what (docs/back-office.md).
export const manageAuditHandlers: Pick<HandlerMap, 'listAuditEntries'> = {
  async listAuditEntries(request) {
    const { before, area } = request.query;
    const entries = await request.server.repositories.edits.listAudit({ limit: AUDIT_PAGE_SIZE, beforeAuditId: before, area });
    return { data: { entries } };
  },
};
