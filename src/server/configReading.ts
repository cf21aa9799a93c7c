// Reading environment variables, for config.ts and the parts' own configurations it gathers (notifications, printing),
// which import this rather than config.ts so that config.ts can import them.

export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
  }
}

export type Environment = Record<string, string | undefined>;

/** An empty variable counts as unset, as shells and .env files often leave them empty. */
export function read(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

export function wholeNumber(env: Environment, name: string, fallback: number, lowest: number, highest: number): number {
  const value = read(env, name);
  if (value === undefined) return fallback;
  if (!/^[0-9]+$/.test(value) || Number(value) < lowest || Number(value) > highest) {
    throw new ConfigurationError(`${name} must be a whole number from ${lowest} to ${highest}, got "${value}"`);
  }
  return Number(value);
}

/** `value` as an http:// or https:// URL; otherwise a ConfigurationError naming `what`. */
export function checkedHttpUrl(value: string, what: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigurationError(`${what} must be an http:// or https:// URL, got "${value}"`);
  }
  return url;
}
