import type { Transaction } from 'kysely';
import { insertAudit, lockRevision, setRevision, type AuditEntry, type ChangeMade, type EditArea, type EditOutcome, type Editor } from '../db/editRepository';
import type { DatabaseSchema } from '../db/schema';
import type { ServiceContext } from './serviceContext';

// What every back-office change shares (docs/back-office.md): one transaction for the change, its revision and its audit
// lines, and the reference data customers are served read again once it has committed. A use-case says what its change
// is; this says whether it may be made.

/** A change's rows, written in the transaction the service opened. */
export type Change<Result> = (transaction: Transaction<DatabaseSchema>) => Promise<ChangeMade<Result>>;

/**
 * Runs `change` in one transaction if `area` is still at `openedAt`, then moves it on by one; a `change` that throws
 * writes nothing. When someone else saved since, nothing runs: 'conflict', with the revision it is at now.
 */
export async function saveEdit<Result>(
  { repositories }: ServiceContext,
  area: EditArea,
  openedAt: number,
  who: { editor: Editor; now: Date },
  change: Change<Result>,
): Promise<EditOutcome<Result>> {
  let outcome: EditOutcome<Result>;
  try {
    outcome = await repositories.inTransaction(async (transaction): Promise<EditOutcome<Result>> => {
      const current = await lockRevision(transaction, area);
      // Rolled back: a refused save writes nothing, not even the area's first revision row.
      if (current !== openedAt) throw new RevisionConflict(current);
      const made = await change(transaction);
      const revision = current + 1;
      await setRevision(transaction, area, revision);
      await insertAudit(transaction, who, made.audit);
      return { outcome: 'saved', revision, result: made.result };
    });
  } catch (error) {
    if (error instanceof RevisionConflict) return { outcome: 'conflict', revision: error.revision };
    throw error;
  }
  repositories.referenceDataChanged();
  return outcome;
}

class RevisionConflict extends Error {
  constructor(readonly revision: number) {
    super(`The area is at revision ${revision}`);
  }
}

/** Runs `change` in one transaction with its audit lines: for staff actions that are not edits of a whole (sold out, busy mode, a gift). */
export async function recordChange<Result>({ repositories }: ServiceContext, who: { editor: Editor; now: Date }, change: Change<Result>): Promise<Result> {
  const result = await repositories.inTransaction(async (transaction) => {
    const made = await change(transaction);
    await insertAudit(transaction, who, made.audit);
    return made.result;
  });
  repositories.referenceDataChanged();
  return result;
}

const AUDIT_PAGE_SIZE = 50;

/** A page of the audit, newest first: the entries before `beforeAuditId`, of `area` when one is given. */
export function auditEntries({ repositories }: ServiceContext, query: { beforeAuditId?: number; area?: string }): Promise<AuditEntry[]> {
  return repositories.edits.listAudit({ limit: AUDIT_PAGE_SIZE, ...query });
}
