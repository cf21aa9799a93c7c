import { useCallback, useEffect, useState } from 'react';
import type { ApiResult, ValidationFailure } from '../../../domain/apiErrors';
import { useApiRequest } from '../../../actors/useApiRequest';

// A whole area the owner edits against its revision (docs/back-office.md, "Editing a whole"): read it, keep what was
// typed, check it with the rule the server uses, save it, and on a refusal show each field's message beside it or, on
// a 409, say someone else saved first and offer to reload. The settings and the opening hours pages share it.

export interface AreaEditor<Value> {
  /** What the owner is editing; null until it has been read. */
  value: Value | null;
  change(next: Value): void;
  /** Each field's message, by its name in the body ("bagCharge", "weekly[2].closes"). */
  errors: Readonly<Record<string, string>>;
  save(): void;
  reload(): void;
  saving: boolean;
  saved: boolean;
  /** Whether what is typed differs from what was last read or saved. */
  unsaved: boolean;
  /** The message of a refusal that is not a field's: the 409, a lost connection. */
  problem: { message: string; conflict: boolean } | null;
  loadFailed: boolean;
}

export function useAreaEditor<Value>(
  read: (signal: AbortSignal) => Promise<ApiResult<{ value: Value; revision: number }>>,
  write: (body: { revision: number; value: Value }, signal: AbortSignal) => Promise<ApiResult<{ value: Value; revision: number }>>,
  failuresOf: (value: Value) => ValidationFailure[],
): AreaEditor<Value> {
  const load = useApiRequest<null, { value: Value; revision: number }>((_request, signal) => read(signal));
  const store = useApiRequest<{ revision: number; value: Value }, { value: Value; revision: number }>((body, signal) => write(body, signal));
  const [value, setValue] = useState<Value | null>(null);
  const [stored, setStored] = useState<Value | null>(null);
  const [revision, setRevision] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const { send: sendLoad } = load;
  const { send: sendStore, reset: resetStore } = store;

  const reload = useCallback(() => {
    resetStore();
    sendLoad(null);
  }, [sendLoad, resetStore]);
  useEffect(() => sendLoad(null), [sendLoad]);
  useEffect(() => {
    if (load.data === null) return;
    setValue(load.data.value);
    setStored(load.data.value);
    setRevision(load.data.revision);
    setErrors({});
    setSaved(false);
  }, [load.data]);
  useEffect(() => {
    if (store.data === null) return;
    setValue(store.data.value);
    setStored(store.data.value);
    setRevision(store.data.revision);
    setErrors({});
    setSaved(true);
  }, [store.data]);
  useEffect(() => {
    if (store.error !== null) setErrors(byField(store.error.validationErrors));
  }, [store.error]);

  const problem =
    store.state === 'error' && store.error !== null && store.error.validationErrors.length === 0
      ? { message: store.error.message ?? 'The changes could not be saved: please try again.', conflict: store.error.status === 409 }
      : null;

  return {
    value,
    change(next) {
      setValue(next);
      setSaved(false);
    },
    errors,
    save() {
      if (value === null) return;
      const failures = failuresOf(value);
      setErrors(byField(failures));
      if (failures.length === 0) sendStore({ revision, value });
    },
    reload,
    saving: store.busy,
    saved,
    unsaved: JSON.stringify(value) !== JSON.stringify(stored),
    problem,
    loadFailed: load.state === 'error',
  };
}

function byField(failures: readonly ValidationFailure[]): Record<string, string> {
  return Object.fromEntries(failures.map((failure) => [failure.field, failure.message]));
}
