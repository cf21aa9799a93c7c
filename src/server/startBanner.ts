import { withoutPassword } from './config';

export interface DemoSignIn {
  who: string;
  email: string;
  password: string;
}

export interface StartFacts {
  /** The site's origin, e.g. http://127.0.0.1:8080. */
  url: string;
  databaseUrl: string | undefined;
  sqliteFile: string;
  /** Local identity mode only: the emulator's demo users and the code every emailed verification carries. */
  localIdentity?: { demoSignIns: DemoSignIn[]; verificationCode: string };
  /** Where the abuse limits count: "shared in Redis at …" or "in this server's memory" (describeBudgetStore). */
  abuseLimits: string;
  /** Local mail mode only: where the loopback SMTP server keeps the customers' emails. */
  sentMailDir?: string;
}

/** Where the data lives, without a password that DATABASE_URL may carry. */
export function describeDataLocation({ databaseUrl, sqliteFile }: Pick<StartFacts, 'databaseUrl' | 'sqliteFile'>): string {
  return databaseUrl === undefined ? `SQLite, ${sqliteFile}` : `PostgreSQL, ${withoutPassword(new URL(databaseUrl))}`;
}

/** Said at start in every log format: the operator of several servers must see whether they share the budgets. */
export function abuseLimitsLine(abuseLimits: string): string {
  return `Abuse limits: ${abuseLimits}`;
}

/** The first line alone is what a log collector gets; a person at a terminal gets the lines after it too. */
export function servingLine(url: string): string {
  return `Serving the site at ${url} and the API at ${url}/api`;
}

/** What `npm start` prints in a terminal once everything is listening. */
export function startBanner(facts: StartFacts): string {
  const lines = [
    servingLine(facts.url),
    `  Kitchen dashboard  ${facts.url}/kitchen`,
    `  Data               ${describeDataLocation(facts)}`,
    `  Abuse limits       ${facts.abuseLimits}`,
  ];
  if (facts.localIdentity !== undefined) {
    const { demoSignIns, verificationCode } = facts.localIdentity;
    lines.push(
      ...demoSignIns.map(
        ({ who, email, password }, index) => `  ${index === 0 ? 'Demo sign-ins     ' : '                  '} ${who}: ${email} / ${password}`,
      ),
      `                     every emailed code is ${verificationCode}`,
    );
  }
  if (facts.sentMailDir !== undefined) lines.push(`  Sent emails        ${facts.sentMailDir} (.eml files: open them in any mail program)`);
  lines.push('Press Ctrl+C to stop.');
  return `${lines.join('\n')}\n`;
}
