import { useLayoutEffect, useRef, type RefObject } from 'react';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What the field shows that its state (`value`) does not hold: text typed before hydration, read at the first commit. */
export function typedBeyond(field: Field | null | undefined, value: string): string | undefined {
  return field != null && field.value !== value ? field.value : undefined;
}

/**
 * What a visitor typed into a field of the server's page before the app had hydrated it (docs/first-paint.md): hydration
 * keeps the element, and the text in it, but the field's state starts as the server rendered it, and no change event
 * came; left so, React puts the server's value back at its next render. The text is taken into the state once, from the
 * field itself, at the first commit; from then on React owns it.
 */
export function useTypedBeforeHydration(field: RefObject<Field | null>, value: string, onTyped: (typed: string) => void): void {
  useLayoutEffect(() => {
    const typed = typedBeyond(field.current, value);
    if (typed !== undefined) onTyped(typed);
    // Only the first commit can follow text typed before hydration.
  }, []);
}

/** The same, for a field that takes the ref this gives. */
export function useTypedBeforeHydrationRef<Element extends Field>(value: string, onTyped: (typed: string) => void): RefObject<Element | null> {
  const field = useRef<Element>(null);
  useTypedBeforeHydration(field, value, onTyped);
  return field;
}
