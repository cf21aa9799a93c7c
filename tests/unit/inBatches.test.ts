import { describe, expect, it } from 'vitest';
import { IDS_PER_STATEMENT, readInBatches } from '../../src/server/db/inBatches';

describe('reading rows by id in batches', () => {
  it("asks once per IDS_PER_STATEMENT ids, each id once, and answers every batch's rows in order", async () => {
    const ids = Array.from({ length: 2 * IDS_PER_STATEMENT + 1 }, (_, index) => `id-${index}`);
    const batches: string[][] = [];
    const rows = await readInBatches([...ids, ids[0], ids[IDS_PER_STATEMENT]], async (batch) => {
      batches.push(batch);
      return batch.map((id) => ({ id }));
    });
    expect(batches.map((batch) => batch.length)).toEqual([IDS_PER_STATEMENT, IDS_PER_STATEMENT, 1]);
    expect(rows.map((row) => row.id)).toEqual(ids);
  });

  it('asks nothing for no ids', async () => {
    expect(await readInBatches([], () => Promise.reject(new Error('no statement for no ids')))).toEqual([]);
  });
});
