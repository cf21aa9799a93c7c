import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema } from './schema';

// The back office's edits (docs/back-office.md). The owner edits a thing as a whole (the settings, the hours, the
// delivery zones, the menu's draft) from what they opened, and a save names the revision they opened: one that no longer
// matches is refused, never merged or overwritten. Every change, with or without a revision, is written to the audit in
// the same transaction as the change itself (the owner-changes service opens it).

/** The things the owner edits as a whole, each with its own revision. */
export type EditArea = 'settings' | 'hours' | 'zones' | 'menu' | 'pages' | 'printers';

/** Who made a change, from the verified id token. */
export interface Editor {
  sub: string;
  email: string;
}

/** One line of the audit: what changed, before and after (any JSON; null where there was nothing). */
export interface AuditRecord {
  /** An EditArea, or what a staff action touched: 'sold-out', 'busy', 'customers'. */
  area: string;
  summary: string;
  before: unknown;
  after: unknown;
}

export interface AuditEntry extends AuditRecord {
  auditId: number;
  at: string;
  actorEmail: string;
}

export type EditOutcome<Result> = { outcome: 'saved'; revision: number; result: Result } | { outcome: 'conflict'; revision: number };

/** What a change did: its answer, and the audit lines to keep (none when nothing changed). */
export interface ChangeMade<Result> {
  result: Result;
  audit: AuditRecord[];
}

export interface EditRepository {
  /** The revision `area` is at now: what an editor opens it at. */
  revisionOf(area: EditArea): Promise<number>;
  /** The audit, newest first: `limit` entries older than `beforeAuditId` when given. */
  listAudit(query: { limit: number; beforeAuditId?: number; area?: string }): Promise<AuditEntry[]>;
}

export function createEditRepository(db: Kysely<DatabaseSchema>): EditRepository {
  return {
    async revisionOf(area) {
      const row = await db.selectFrom('edit_revisions').select('revision').where('area', '=', area).executeTakeFirst();
      return row?.revision ?? 0;
    },

    async listAudit({ limit, beforeAuditId, area }) {
      let query = db.selectFrom('audit_entries').selectAll();
      if (beforeAuditId !== undefined) query = query.where('audit_id', '<', beforeAuditId);
      if (area !== undefined) query = query.where('area', '=', area);
      const rows = await query.orderBy('audit_id', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        auditId: Number(row.audit_id),
        at: row.at,
        actorEmail: row.actor_email,
        area: row.area,
        summary: row.summary,
        before: row.before_value === null ? null : (JSON.parse(row.before_value) as unknown),
        after: row.after_value === null ? null : (JSON.parse(row.after_value) as unknown),
      }));
    },
  };
}

/** The area's revision, its row locked until the transaction ends (created at 0 the first time it is edited). */
export async function lockRevision(transaction: Transaction<DatabaseSchema>, area: EditArea): Promise<number> {
  await transaction
    .insertInto('edit_revisions')
    .values({ area, revision: 0 })
    .onConflict((conflict) => conflict.column('area').doNothing())
    .execute();
  // A write that changes nothing takes PostgreSQL's row lock, so a second save of the same area waits for this one.
  const row = await transaction
    .updateTable('edit_revisions')
    .set((eb) => ({ revision: eb.ref('revision') }))
    .where('area', '=', area)
    .returning('revision')
    .executeTakeFirstOrThrow();
  return row.revision;
}

/** Moves `area` on to `revision`, in the transaction that locked it. */
export async function setRevision(transaction: Transaction<DatabaseSchema>, area: EditArea, revision: number): Promise<void> {
  await transaction.updateTable('edit_revisions').set({ revision }).where('area', '=', area).execute();
}

/** The change's audit lines, written in its transaction. */
export async function insertAudit(transaction: Transaction<DatabaseSchema>, { editor, now }: { editor: Editor; now: Date }, audit: readonly AuditRecord[]) {
  if (audit.length === 0) return;
  const at = now.toISOString();
  await transaction
    .insertInto('audit_entries')
    .values(
      audit.map((record) => ({
        at,
        actor_sub: editor.sub,
        actor_email: editor.email,
        area: record.area,
        summary: record.summary,
        before_value: record.before === null || record.before === undefined ? null : JSON.stringify(record.before),
        after_value: record.after === null || record.after === undefined ? null : JSON.stringify(record.after),
      })),
    )
    .execute();
}
