import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import type { ChangeMade, EditArea, Editor, EditOutcome } from '../db/editRepository';
import type { DatabaseSchema } from '../db/schema';
import type { Transaction } from 'kysely';

// What every back-office save shares (docs/back-office.md): who is editing, the revision check, the audit and the
// caches. A handler says what its change is; this says whether it may be made.

/** The refusal of a save made on a revision someone else has since replaced (409). */
export const CHANGED_SINCE_OPENED_MESSAGE =
  'Changed by someone else since you opened it: nothing was saved. Reload to see their changes, then make yours again.';

/**
 * The staff member making a change. The operation's `x-identity-groups` in openapi.yaml has already let only staff
 * through, so a caller without an identity here is a contract mistake, not a visitor.
 */
export function editorOf(request: FastifyRequest): Editor {
  const { identity } = request;
  if (identity === null) throw new Error(`${request.routeOptions.url} ran without a caller: openapi.yaml must require its bearer`);
  return { sub: identity.sub, email: identity.email };
}

/**
 * Saves `change` to `area` if it is still at `openedAt` (409 otherwise), with its audit lines, and lets this server's
 * customers see it at once: the reference data they are served is read again.
 */
export async function saveEdit<Result>(
  request: FastifyRequest,
  area: EditArea,
  openedAt: number,
  change: (transaction: Transaction<DatabaseSchema>) => Promise<ChangeMade<Result>>,
): Promise<{ revision: number; result: Result }> {
  const { repositories } = request.server;
  const outcome: EditOutcome<Result> = await repositories.edits.save(area, openedAt, { editor: editorOf(request), now: request.server.clock() }, change);
  if (outcome.outcome === 'conflict') throw new ApiError(409, CHANGED_SINCE_OPENED_MESSAGE);
  repositories.referenceDataChanged();
  return { revision: outcome.revision, result: outcome.result };
}

/** A staff action that is not an edit of a whole (sold out, busy mode, a customer's gift): recorded, and seen at once. */
export async function recordChange<Result>(
  request: FastifyRequest,
  change: (transaction: Transaction<DatabaseSchema>) => Promise<ChangeMade<Result>>,
): Promise<Result> {
  const { repositories } = request.server;
  const result = await repositories.edits.record({ editor: editorOf(request), now: request.server.clock() }, change);
  repositories.referenceDataChanged();
  return result;
}
