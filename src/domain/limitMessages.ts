// How a value outside a plain limit is worded, after its field's name ("Notes must be at most 1000 characters"):
// shared by the server's error handler, which words the contract's own limits (openapi.yaml) this way, and by the
// restaurant's rules, which word theirs alike, so that a customer never meets a validator's phrasing.
export const atMostCharacters = (limit: number) => `must be at most ${limit} characters`;
export const atLeastCharacters = (limit: number) => (limit === 1 ? 'must not be empty' : `must be at least ${limit} characters`);
export const atLeast = (limit: number) => `must be at least ${limit}`;
export const atMost = (limit: number) => `must be at most ${limit}`;
