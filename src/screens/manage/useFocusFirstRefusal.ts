import { useEffect, useRef, type RefObject } from 'react';
import { focusFirstRefusedField } from '../../components/a11y/useAnnounceRefusals';

/**
 * After a save that the form's check or the server refused, focus moves to the first refused field, which the browser
 * scrolls into view and which says why beside it: on a long list (the zones, the week's sessions, the printers) that
 * message can be a screen away from the Save button the owner pressed, who would otherwise see nothing happen.
 * `refusal` is the screen's messages by field when there are any (a new object at each refusal), else undefined.
 * Returns the ref for the `<form>`.
 */
export function useFocusFirstRefusal(refusal: object | undefined): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement | null>(null);
  const seen = useRef(refusal);
  useEffect(() => {
    if (refusal === seen.current) return;
    seen.current = refusal;
    if (refusal !== undefined) focusFirstRefusedField(form.current);
  });
  return form;
}
