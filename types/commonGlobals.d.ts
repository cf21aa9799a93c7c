// The few web-platform globals that the browser and Node both provide, as far as machines/ and src/domain use them.
// Only the statecharts' and shared rules' project (tsconfig.domain.json) reads this file: it has neither the DOM's nor
// Node's types, so anything else the browser or the server alone has does not compile there.

interface AbortSignal {
  readonly aborted: boolean;
}

interface URL {
  readonly protocol: string;
}
declare const URL: { new (url: string, base?: string): URL };

declare function structuredClone<T>(value: T): T;

declare const crypto: { getRandomValues<T extends Uint8Array>(array: T): T };
