import { randomBytes, randomFillSync } from 'node:crypto';

// The system's generator is asked for 4 KiB at a time rather than for each id: a call costs several microseconds,
// more than a confirmation can spare at a thousand a second (docs/benchmarks.md). Every byte is used once.
const pool = Buffer.allocUnsafe(4096);
let taken = pool.length;

/** `byteCount` random bytes, as URL-safe base64. */
export function randomId(byteCount: number): string {
  if (byteCount > pool.length) return randomBytes(byteCount).toString('base64url');
  if (taken + byteCount > pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  const id = pool.toString('base64url', taken, taken + byteCount);
  taken += byteCount;
  return id;
}

/** A basket id, order builder reference or order reference: 128 random bits, unguessable. */
export const newPublicId = (): string => randomId(16);
