import type { ApiResult } from '../../src/domain/apiErrors';
import type { RequestSender } from '../../machines/request/requestMachine';

export type PendingCall = {
  request: string;
  signal: AbortSignal;
  answer(result: ApiResult<string>): Promise<void>;
  fail(reason: unknown): Promise<void>;
};

/** A sender whose calls stay pending until the test answers them, one by one, in any order. */
export function createControlledSender() {
  const calls: PendingCall[] = [];
  const sender: RequestSender<string, string> = (request, signal) =>
    new Promise<ApiResult<string>>((resolve, reject) => {
      calls.push({
        request,
        signal,
        answer: async (result) => {
          resolve(result);
          await settled();
        },
        fail: async (reason) => {
          reject(reason);
          await settled();
        },
      });
    });
  return { sender, calls };
}

// XState hands a settled promise to its parent on a later microtask; a macrotask is past all of them.
function settled() {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}
