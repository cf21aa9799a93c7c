import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { RequestSender } from '../../../machines/request/requestMachine';
import { useApiRequest } from '../../actors/useApiRequest';
import { hasErrors, placeFailures, type FieldErrors } from '../../domain/fieldMessages';
import { typedBeyond } from '../useTypedBeforeHydration';
import { focusFirstRefusedField } from '../a11y/useAnnounceRefusals';

export interface RequestFormOptions<Field extends string, Request, Answer> {
  initialDraft: Record<Field, string>;
  subjects: Readonly<Record<Field, string>>;
  /** The checks made before sending; the server makes them again. */
  validate(draft: Record<Field, string>): FieldErrors<Field>;
  requestOf(draft: Record<Field, string>): Request;
  sender: RequestSender<Request, Answer>;
}

/** A refusal that no single field can show: the server's message, or failures of fields this form does not have. */
export interface FormRefusal {
  message: string | null;
  unplaced: string[];
}

export interface RequestForm<Field extends string, Answer> {
  draft: Record<Field, string>;
  change(field: Field, value: string): void;
  errors: FieldErrors<Field>;
  refusal: FormRefusal | undefined;
  busy: boolean;
  /** The server's answer once the request is stored. */
  sent: Answer | null;
  formRef: RefObject<HTMLFormElement | null>;
  submit(event: FormEvent<HTMLFormElement>): void;
}

/**
 * A form that sends one request through the request statechart (machines/request: idle → sending →
 * responseReceived or error). What the customer typed lives here, outside the request, so a refusal, by the
 * browser's checks or the server's, never clears it; each failure is shown by its field.
 */
export function useRequestForm<Field extends string, Request, Answer>({
  initialDraft,
  subjects,
  validate,
  requestOf,
  sender,
}: RequestFormOptions<Field, Request, Answer>): RequestForm<Field, Answer> {
  const [draft, setDraft] = useState(initialDraft);
  const [browserErrors, setBrowserErrors] = useState<FieldErrors<Field>>({});
  const [attempts, setAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const request = useApiRequest(sender);
  const serverError = request.state === 'error' ? request.error : null;

  // What the visitor typed into the server's page before the app hydrated this form (src/components/useTypedBeforeHydration.ts):
  // each field named after its draft key is read once, at the first commit, before React puts the server's value back.
  useLayoutEffect(() => {
    const typed: Partial<Record<Field, string>> = {};
    for (const element of Array.from(formRef.current?.elements ?? [])) {
      if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement)) continue;
      const field = element.name as Field;
      const text = Object.hasOwn(initialDraft, field) ? typedBeyond(element, initialDraft[field]) : undefined;
      if (text !== undefined) typed[field] = text;
    }
    if (Object.keys(typed).length > 0) setDraft((current) => ({ ...current, ...typed }));
    // Only the first commit can follow text typed before hydration.
  }, []);

  // After a refused attempt the first field in trouble takes the focus, so its message is read out at once.
  useEffect(() => {
    if (attempts > 0) focusFirstRefusedField(formRef.current);
  }, [attempts, serverError]);

  const placed = placeFailures(serverError?.validationErrors ?? [], subjects);
  const refusal: FormRefusal | undefined =
    serverError !== null && (serverError.message !== null || serverError.validationErrors.length === 0 || placed.unplaced.length > 0)
      ? { message: serverError.message, unplaced: placed.unplaced }
      : undefined;

  return {
    draft,
    change: (field, value) => setDraft((current) => ({ ...current, [field]: value })),
    errors: hasErrors(browserErrors) ? browserErrors : placed.fieldErrors,
    refusal,
    busy: request.busy,
    sent: request.state === 'responseReceived' ? request.data : null,
    formRef,
    submit(event) {
      event.preventDefault();
      const found = validate(draft);
      setBrowserErrors(found);
      setAttempts((count) => count + 1);
      if (!hasErrors(found)) request.send(requestOf(draft));
    },
  };
}
