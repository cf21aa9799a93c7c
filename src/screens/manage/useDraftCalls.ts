import { useCallback, useEffect, useState } from 'react';
import type { ApiError, ApiResult, ValidationFailure } from '../../domain/apiErrors';

// What the back office's draft editors (the menu, the pages, the home page's signature dishes) share: each call answers
// the thing edited, which the screen then shows; a refusal keeps what was typed and puts each field's message beside it.

const byField = (failures: readonly ValidationFailure[]) => Object.fromEntries(failures.map((failure) => [failure.field, failure.message]));

export const FIELDS_NEED_ATTENTION = 'Some fields need attention: nothing was saved.';

export function useDraftCalls<Answer>(show: (answer: Answer) => void) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<ApiError>();
  const [errors, setErrors] = useState<Record<string, string>>({});

  const accept = useCallback(
    (answer: Answer) => {
      show(answer);
      setErrors({});
      setFailure(undefined);
    },
    [show],
  );

  /** Reads the thing edited (again), as opened or after a conflict. */
  const load = useCallback(
    async (call: Promise<ApiResult<Answer>>) => {
      const answer = await call;
      if (answer.ok) accept(answer.data);
      else if (!answer.aborted) setFailure(answer.error);
    },
    [accept],
  );

  /**
   * Sends a change whose answer is not the thing edited (a page's removal answers the pages left): `settle` takes the
   * answer and gives the notice; a refusal says why, as `send` does.
   */
  async function sendWith<Sent>(call: Promise<ApiResult<Sent>>, settle: (answer: Sent) => string): Promise<Sent | undefined> {
    setBusy(true);
    const answer = await call;
    setBusy(false);
    if (answer.ok) {
      setErrors({});
      setFailure(undefined);
      setNotice(settle(answer.data));
      return answer.data;
    }
    if (answer.aborted) return undefined;
    setFailure(answer.error);
    setErrors(byField(answer.error.validationErrors));
    return undefined;
  }

  /** Sends a save, publish or discard; shows what it answers with `done`'s notice, or says why it was refused. */
  function send(call: Promise<ApiResult<Answer>>, done: (answer: Answer) => string): Promise<Answer | undefined> {
    return sendWith(call, (answer) => {
      show(answer);
      return done(answer);
    });
  }

  /** Refuses, before sending, what the form's own rules refuse. */
  function refuse(failures: readonly ValidationFailure[]) {
    setErrors(byField(failures));
    setFailure({ message: FIELDS_NEED_ATTENTION, validationErrors: [...failures] });
  }

  /** Forgets what the last call said: another thing is being edited. */
  function reset() {
    setErrors({});
    setFailure(undefined);
    setNotice(undefined);
  }

  return { busy, notice, setNotice, failure, errors, load, send, sendWith, refuse, reset };
}

/** Runs `load` when the screen opens (and when `load` changes), abandoning it when the screen goes. */
export function useLoadOnOpen(load: (signal: AbortSignal) => Promise<void> | undefined) {
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
}
