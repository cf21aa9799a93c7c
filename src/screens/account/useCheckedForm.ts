import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { hasErrors, type FieldErrors } from '../../domain/fieldMessages';
import { focusFirstRefusedField } from '../../components/a11y/useAnnounceRefusals';

export interface CheckedForm<Field extends string> {
  draft: Record<Field, string>;
  change(field: Field, value: string): void;
  errors: FieldErrors<Field>;
  formRef: RefObject<HTMLFormElement | null>;
  /** The form's submit handler: checks the draft and, when nothing is wrong, hands it on (to become an auth event). */
  submit(onValid: (draft: Record<Field, string>) => void): (event: FormEvent<HTMLFormElement>) => void;
  /** The same for an action beside the form that needs only some of its fields (sending the code again). */
  attempt(check: (draft: Record<Field, string>) => FieldErrors<Field>, onValid: (draft: Record<Field, string>) => void): void;
}

/**
 * A form of the auth flows: what was typed stays whatever happens, each message is shown by its field, and after a
 * refused attempt the first field in trouble takes the focus so that its message is read out at once.
 */
export function useCheckedForm<Field extends string>(initialDraft: Record<Field, string>, validate: (draft: Record<Field, string>) => FieldErrors<Field>): CheckedForm<Field> {
  const [draft, setDraft] = useState(initialDraft);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (refusals > 0) focusFirstRefusedField(formRef.current);
  }, [refusals]);

  const attempt: CheckedForm<Field>['attempt'] = (check, onValid) => {
    const found = check(draft);
    setErrors(found);
    if (hasErrors(found)) setRefusals((count) => count + 1);
    else onValid(draft);
  };

  return {
    draft,
    change: (field, value) => setDraft((current) => ({ ...current, [field]: value })),
    errors,
    formRef,
    submit: (onValid) => (event) => {
      event.preventDefault();
      attempt(validate, onValid);
    },
    attempt,
  };
}
