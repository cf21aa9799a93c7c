import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/database';
import type { EditRepository } from '../../src/server/db/editRepository';
import { recordChange, saveEdit, type Change } from '../../src/server/services/ownerChanges';
import { createRepositories, type Repositories } from '../../src/server/db/repositories';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';

// Whole-area edits in the back office (docs/back-office.md): a save names the revision it was opened at, and the
// change, its new revision and its audit lines are written together or not at all.

const owner = { editor: { sub: 'owner-sub', email: 'owner@golden-dragon.example' }, now: new Date('2026-11-24T18:00:00Z') };
const later = { ...owner, now: new Date('2026-11-24T18:05:00Z') };

describe.each(databaseTargets)('the edit repository on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let repositories: Repositories;
  let edits: EditRepository;
  let syncs = 0;
  const context = () => ({ repositories, clock: () => owner.now });

  beforeAll(async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    repositories = createRepositories(database.db, {
      syncToDisk: async () => {
        syncs += 1;
      },
    });
    edits = repositories.edits;
  });
  afterAll(() => database.dispose());

  // Any table will do for the change itself: a page's title stands in for what an area's save writes.
  const title = async () => (await database.db.selectFrom('pages').select('title').where('page_name', '=', 'notes').executeTakeFirst())?.title;
  const setTitle = (transaction: Parameters<Change<unknown>>[0], value: string) =>
    transaction.updateTable('pages').set({ title: value }).where('page_name', '=', 'notes').execute();

  it('saves a change made on the current revision with its audit line, moves the revision on and syncs it to disk', async () => {
    expect(await edits.revisionOf('settings')).toBe(0);
    await database.db.insertInto('pages').values({ page_name: 'notes', title: 'A', content: '[]' }).execute();
    const syncsBefore = syncs;
    const outcome = await saveEdit(context(), 'settings', 0, owner, async (transaction) => {
      await setTitle(transaction, 'B');
      return { result: 'saved', audit: [{ area: 'settings', summary: 'Bag charge £0.05 → £0.10', before: { bagCharge: 5 }, after: { bagCharge: 10 } }] };
    });
    expect(outcome).toEqual({ outcome: 'saved', revision: 1, result: 'saved' });
    expect(await edits.revisionOf('settings')).toBe(1);
    expect(await title()).toBe('B');
    expect(syncs - syncsBefore).toBe(1);
    expect(await edits.listAudit({ limit: 10 })).toEqual([
      expect.objectContaining({ at: owner.now.toISOString(), actorEmail: 'owner@golden-dragon.example', area: 'settings', summary: 'Bag charge £0.05 → £0.10', before: { bagCharge: 5 }, after: { bagCharge: 10 } }),
    ]);
  });

  it('refuses a save opened at a revision someone else has since moved on, running none of it', async () => {
    let ran = false;
    const outcome = await saveEdit(context(), 'settings', 0, later, async () => {
      ran = true;
      return { result: 'saved', audit: [{ area: 'settings', summary: 'a stale change', before: null, after: null }] };
    });
    expect(outcome).toEqual({ outcome: 'conflict', revision: 1 });
    expect(ran).toBe(false);
    expect((await edits.listAudit({ limit: 10 })).map((entry) => entry.summary)).not.toContain('a stale change');
  });

  it('writes nothing, and keeps the revision, when the change throws halfway', async () => {
    const failing = saveEdit(context(), 'settings', 1, later, async (transaction) => {
      await setTitle(transaction, 'half-written');
      throw new Error('a refused field');
    });
    await expect(failing).rejects.toThrow('a refused field');
    expect(await title()).toBe('B');
    expect(await edits.revisionOf('settings')).toBe(1);
  });

  it('lets one of two saves made at once from the same revision through, and tells the other', async () => {
    const attempt = (value: string) =>
      saveEdit(context(), 'settings', 1, later, async (transaction) => {
        await setTitle(transaction, value);
        return { result: value, audit: [] };
      });
    const outcomes = await Promise.all([attempt('C'), attempt('D')]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['conflict', 'saved']);
    const saved = outcomes.find((outcome) => outcome.outcome === 'saved');
    expect(await title()).toBe(saved?.outcome === 'saved' ? saved.result : undefined);
    expect(await edits.revisionOf('settings')).toBe(2);
  });

  it('keeps each area\'s revision apart, records staff actions without one, and reads the audit newest first by page and area', async () => {
    expect(await edits.revisionOf('zones')).toBe(0);
    await recordChange(context(), later, async () => ({ result: undefined, audit: [{ area: 'busy', summary: 'Paused for 30 minutes', before: null, after: { minutes: 30 } }] }));
    const newest = await edits.listAudit({ limit: 1 });
    expect(newest.map((entry) => entry.summary)).toEqual(['Paused for 30 minutes']);
    const older = await edits.listAudit({ limit: 10, beforeAuditId: newest[0].auditId });
    expect(older.map((entry) => entry.summary)).toEqual(['Bag charge £0.05 → £0.10']);
    expect((await edits.listAudit({ limit: 10, area: 'busy' })).map((entry) => entry.area)).toEqual(['busy']);
  });
});
