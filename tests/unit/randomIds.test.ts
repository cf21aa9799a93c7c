import { describe, expect, it } from 'vitest';
import { newPublicId, randomId } from '../../src/server/randomIds';

describe('random ids', () => {
  it('are 128 random bits as URL-safe base64, never repeated, well past one refill of the pool', () => {
    // 16 bytes each: 1,000 ids take four refills of the 4 KiB pool.
    const ids = Array.from({ length: 1000 }, newPublicId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('takes as many bytes as asked, whatever is left in the pool', () => {
    const lengths = [9, 16, 3, 4096, 1, 4097, 9];
    for (const byteCount of lengths) {
      expect(Buffer.from(randomId(byteCount), 'base64url')).toHaveLength(byteCount);
    }
  });

  it('spreads its bytes evenly: no byte value is far more common than the others', () => {
    const counts = new Array<number>(256).fill(0);
    for (let index = 0; index < 256; index++) for (const byte of Buffer.from(randomId(1000), 'base64url')) counts[byte]++;
    // 256,000 bytes: 1,000 of each value expected; a fair generator stays well inside ±25 %.
    expect(Math.min(...counts)).toBeGreaterThan(750);
    expect(Math.max(...counts)).toBeLessThan(1250);
  });
});
