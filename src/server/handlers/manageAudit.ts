import { auditEntries } from '../services/ownerChanges';
import type { HandlerMap } from './handlerTypes';

// The owner reads who changed what (docs/back-office.md).
export const manageAuditHandlers: Pick<HandlerMap, 'listAuditEntries'> = {
  async listAuditEntries(request) {
    const { before, area } = request.query;
    return { data: { entries: await auditEntries(request.server, { beforeAuditId: before, area }) } };
  },
};
