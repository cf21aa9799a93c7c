import { useCallback, useEffect, useRef, type RefCallback } from 'react';
import { announce } from './announcer';

/** A form's messages by field, as the form's check or the server gave them (absent or undefined: accepted). */
export type Refusals<Field extends string> = Partial<Record<Field, string | undefined>>;

/** "Label: message" for each refused field, in the order of `labels` (the form's order). */
export function refusalAnnouncement<Field extends string>(refusals: Refusals<Field>, labels: Record<Field, string>): string {
  return (Object.keys(labels) as Field[])
    .flatMap((field) => (refusals[field] ? [`${labels[field]}: ${refusals[field]}`] : []))
    .join('. ');
}

/**
 * After the customer submits the form, the refusal that follows (the form's own check at once, or the server's answer
 * later, such as an undeliverable postcode) is said through the app's assertive live region, field by field, and focus
 * moves to the first refused field, which keeps what was typed. The message beside each field (aria-invalid and
 * aria-describedby) stays: it is read when the field is reached, but nothing says it when it appears.
 *
 * `refusals` must be a new object at each refusal (the basket statechart's `fieldErrors` is), so that the same refusal
 * twice is said twice. Returns the ref for the `<form>`.
 */
export function useAnnounceRefusals<Field extends string>(
  refusals: NoInfer<Refusals<Field>>,
  labels: Record<Field, string>,
): RefCallback<HTMLFormElement> {
  const form = useRef<HTMLFormElement | null>(null);
  const submitted = useRef(false);
  const refusalsSeen = useRef(refusals);

  const formRef = useCallback((element: HTMLFormElement | null) => {
    form.current = element;
    if (!element) return;
    // A listener on the form itself hears the submit before React's handler sends it on.
    const noteSubmit = () => {
      submitted.current = true;
    };
    element.addEventListener('submit', noteSubmit);
    return () => {
      element.removeEventListener('submit', noteSubmit);
      form.current = null;
    };
  }, []);

  useEffect(() => {
    if (refusals === refusalsSeen.current) return;
    refusalsSeen.current = refusals;
    const message = submitted.current ? refusalAnnouncement(refusals, labels) : '';
    if (message === '') return;
    submitted.current = false;
    announce(message, { urgency: 'assertive' });
    focusFirstRefusedField(form.current);
  });

  return formRef;
}

/**
 * Moves focus to the form's first field marked refused (`aria-invalid="true"`): the browser scrolls it into view and a
 * screen reader reads its message at once, while the field keeps what was typed.
 */
export function focusFirstRefusedField(form: ParentNode | null | undefined): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
