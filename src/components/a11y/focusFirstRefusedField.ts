/**
 * Moves focus to the form's first field marked refused (`aria-invalid="true"`): the browser scrolls it into view and a
 * screen reader reads its message at once, while the field keeps what was typed.
 */
export function focusFirstRefusedField(form: ParentNode | null | undefined): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
