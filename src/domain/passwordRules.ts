// SPEC §1, §5, §9: the identity service's password policy is a minimum length of 8 with no required character
// classes and nothing else. The local emulator does not enforce it, so the auth statechart checks it before any
// sign-up or password reset reaches the identity service, and the register and reset forms show the same rule.
export const MIN_PASSWORD_LENGTH = 8;

/** The rule as the forms state it beside the password field. */
export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters`;

/** What a customer is told when the password chosen is too short (or the identity service calls it too weak). */
export const PASSWORD_TOO_SHORT_MESSAGE = `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`;

/** Counted in characters as a person sees them, not UTF-16 units. */
export function isLongEnoughPassword(password: string): boolean {
  return [...password].length >= MIN_PASSWORD_LENGTH;
}
