import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint that holds the shape (eslint.config.js, docs/architecture.md): one forbidden import of each kind, planted as
// the text of a module the lint is told lives at a path (ESLint's lintText), is refused; nothing is written into src/.

const root = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function problemsOf(filePath: string, code: string): Promise<{ ruleId: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, filePath) });
  return result.messages.filter((message) => message.severity === 2).map(({ ruleId, message }) => ({ ruleId, message }));
}

const boundary = (message: string) => [{ ruleId: 'import-x/no-restricted-paths', message: expect.stringContaining(message) }];

describe('the lint', { timeout: 120_000 }, () => {
  it('lets a statechart import a shared rule', async () => {
    expect(await problemsOf('machines/basket/planted.ts', "import { formatGbp } from '../../src/domain/money';\nexport const label = formatGbp(100);\n")).toEqual([]);
  });

  it('refuses a statechart importing a screen', async () => {
    expect(await problemsOf('machines/basket/planted.ts', "import { HomeScreen } from '../../src/screens/home/HomeScreen';\nexport const screen = HomeScreen;\n")).toEqual(
      expect.arrayContaining(boundary('machines/ import only src/domain and the generated API types')),
    );
  });

  it('refuses the server importing browser code', async () => {
    expect(await problemsOf('src/server/planted.ts', "import { SiteHeader } from '../components/SiteHeader';\nexport const header = SiteHeader;\n")).toEqual(
      boundary('The server imports no browser code'),
    );
  });

  it('refuses one screen area importing another', async () => {
    expect(
      await problemsOf('src/screens/account/planted.ts', "import { KitchenDashboardScreen } from '../kitchen/KitchenDashboardScreen';\nexport const screen = KitchenDashboardScreen;\n"),
    ).toEqual(boundary('src/screens/account imports no other screen area'));
  });

  it('refuses an import against the layers: a component importing a screen', async () => {
    expect(await problemsOf('src/components/planted.ts', "import { HomeScreen } from '../screens/home/HomeScreen';\nexport const screen = HomeScreen;\n")).toEqual(
      boundary('components import nothing from the app and its routes, screens'),
    );
  });

  it('refuses a repository importing notifications', async () => {
    expect(await problemsOf('src/server/db/planted.ts', "import { channelsOf } from '../notifications/moments';\nexport const channels = channelsOf('placed');\n")).toEqual(
      boundary('Repositories read and write rows'),
    );
  });

  it('refuses a handler importing another handler', async () => {
    expect(await problemsOf('src/server/handlers/booking.ts', "import { menuHandlers } from './menu';\nexport const handlers = menuHandlers;\n")).toEqual(
      expect.arrayContaining(boundary('A handler imports no other handler')),
    );
  });

  it("refuses a journey screen importing a rule from src/domain, and lets it import a label or formatter, or a rule's types", async () => {
    const journeyRule = [{ ruleId: '@typescript-eslint/no-restricted-imports', message: expect.stringContaining('A journey screen imports only labels and formatters') }];
    for (const area of ['order', 'payment', 'acceptance']) {
      expect(
        await problemsOf(`src/screens/${area}/planted.ts`, "import { isOnlineOrderingAvailable } from '../../domain/onlineOrdering';\nexport const open = isOnlineOrderingAvailable(undefined);\n"),
      ).toEqual(journeyRule);
    }
    expect(await problemsOf('src/screens/order/planted.ts', "import { formatPounds } from '../../domain/money';\nexport const shown = formatPounds(1);\n")).toEqual([]);
    expect(await problemsOf('src/screens/order/planted.ts', "import type { OrderSizeLimits } from '../../domain/orderSizeLimits';\nexport type Limits = OrderSizeLimits;\n")).toEqual([]);
    expect(await problemsOf('src/screens/order/planted.ts', "import { poundsToPence } from '../../domain/money';\nexport const pence = poundsToPence(1);\n")).toEqual([
      { ruleId: '@typescript-eslint/no-restricted-imports', message: expect.stringContaining("the sums are the statechart's") },
    ]);
    // Another screen area (the kitchen's) is not a journey screen.
    expect(await problemsOf('src/screens/kitchen/planted.ts', "import { busyStaffLabel } from '../../domain/busyMode';\nexport const label = busyStaffLabel(undefined, new Date());\n")).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    // src/domain/menuRules.ts imports money.ts; money.ts importing it back closes the cycle.
    expect(await problemsOf('src/domain/money.ts', "import { MENU_LIMITS } from './menuRules';\nexport const limits = MENU_LIMITS;\n")).toEqual(
      expect.arrayContaining([{ ruleId: 'import-x/no-cycle', message: expect.stringContaining('Dependency cycle') }]),
    );
  });
});
