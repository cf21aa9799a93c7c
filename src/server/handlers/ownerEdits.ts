import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import type { EditArea, Editor, EditOutcome } from '../db/editRepository';
import { recordChange as recordOwnerChange, saveEdit as saveOwnerEdit, type Change } from '../services/ownerChanges';

// The handlers' side of a back-office change (services/ownerChanges.ts): who is making it, and the refusal of a stale one.

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

/** Who is making the request's change, and when. */
export function whoOf(request: FastifyRequest): { editor: Editor; now: Date } {
  return { editor: editorOf(request), now: request.server.clock() };
}

/** Saves `change` to `area` if it is still at `openedAt` (409 otherwise), with its audit lines; customers see it at once. */
export async function saveEdit<Result>(request: FastifyRequest, area: EditArea, openedAt: number, change: Change<Result>): Promise<{ revision: number; result: Result }> {
  return changeSaved(await saveOwnerEdit(request.server, area, openedAt, whoOf(request), change));
}

/** A saved change's revision and answer; someone else's save since it was opened is refused (409). */
export function changeSaved<Result>(outcome: EditOutcome<Result>): { revision: number; result: Result } {
  if (outcome.outcome === 'conflict') throw new ApiError(409, CHANGED_SINCE_OPENED_MESSAGE);
  return { revision: outcome.revision, result: outcome.result };
}

/** A staff action that is not an edit of a whole (sold out, busy mode): recorded, and seen at once. */
export function recordChange<Result>(request: FastifyRequest, change: Change<Result>): Promise<Result> {
  return recordOwnerChange(request.server, whoOf(request), change);
}
