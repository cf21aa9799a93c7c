import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrderingServer, type OrderingServer } from './orderingServer';

// The owner reads the audit of the back office (docs/back-office.md); what each area writes to it is tested with the area.

let ordering: OrderingServer;
let ownerToken: string;

beforeAll(async () => {
  ordering = await startOrderingServer();
  ownerToken = await ordering.ownerToken();
});
afterAll(() => ordering?.close());

describe('GET /manage/audit', () => {
  it('answers the owner every change, newest first, with who made it, and pages and filters them', async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 24, 18, minutes)).toISOString();
    for (const [minutes, area, summary] of [
      [1, 'settings', 'Bag charge £0.05 → £0.10'],
      [2, 'busy', 'Paused for 30 minutes'],
      [3, 'settings', 'Collection switched off'],
    ] as const) {
      ordering.execute(
        'insert into audit_entries (at, actor_sub, actor_email, area, summary, before_value, after_value) values (?, ?, ?, ?, ?, ?, ?)',
        at(minutes),
        'owner-sub',
        'owner@golden-dragon.example',
        area,
        summary,
        null,
        '{"minutes":30}',
      );
    }
    const everything = await ordering.call('/manage/audit', { token: ownerToken });
    expect(everything.status).toBe(200);
    expect(everything.body.data.entries.map((entry: { summary: string }) => entry.summary)).toEqual([
      'Collection switched off',
      'Paused for 30 minutes',
      'Bag charge £0.05 → £0.10',
    ]);
    expect(everything.body.data.entries[1]).toEqual({
      auditId: expect.any(Number),
      at: at(2),
      actorEmail: 'owner@golden-dragon.example',
      area: 'busy',
      summary: 'Paused for 30 minutes',
      before: null,
      after: { minutes: 30 },
    });

    const newest = everything.body.data.entries[0].auditId;
    const older = await ordering.call(`/manage/audit?before=${newest}&area=settings`, { token: ownerToken });
    expect(older.body.data.entries.map((entry: { summary: string }) => entry.summary)).toEqual(['Bag charge £0.05 → £0.10']);
  });

  it('refuses an area it does not know and a page before nothing, naming the field', async () => {
    const unknownArea = await ordering.call('/manage/audit?area=kitchen', { token: ownerToken });
    expect(unknownArea.status).toBe(400);
    expect(unknownArea.body.validationErrors.map((failure: { field: string }) => failure.field)).toContain('area');
    expect((await ordering.call('/manage/audit?before=0', { token: ownerToken })).status).toBe(400);
  });
});
