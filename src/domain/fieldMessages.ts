import type { ValidationFailure } from './apiErrors';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * The shared rules (src/domain/bookingRules.ts, contactRules.ts) word a broken rule as the API does, after the
 * field's name ("must not be empty"); under a form field it reads as a sentence: "Name must not be empty".
 * A message that is a sentence already is shown as it is.
 */
export function fieldMessage(subject: string, message: string): string {
  return /^[a-z]/.test(message) ? `${subject} ${message}` : message;
}

export interface PlacedFailures<Field extends string> {
  /** Each form field's first failure, worded for that field. */
  fieldErrors: FieldErrors<Field>;
  /** Failures no field of the form can show (the body as a whole, a field the form does not have). */
  unplaced: string[];
}

/** A 400's validationErrors (SPEC §8), placed by the form's fields so each shows under the input it is about. */
export function placeFailures<Field extends string>(failures: readonly ValidationFailure[], subjects: Readonly<Record<Field, string>>): PlacedFailures<Field> {
  const fieldErrors: FieldErrors<Field> = {};
  const unplaced: string[] = [];
  for (const failure of failures) {
    if (Object.hasOwn(subjects, failure.field)) {
      const field = failure.field as Field;
      fieldErrors[field] ??= fieldMessage(subjects[field], failure.message);
    } else {
      unplaced.push(`${failure.field}: ${failure.message}`);
    }
  }
  return { fieldErrors, unplaced };
}

/** Only the fields that have a message. */
export function withoutEmpty<Field extends string>(errors: FieldErrors<Field>): FieldErrors<Field> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as FieldErrors<Field>;
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}
