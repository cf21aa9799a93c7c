import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { migrateToLatest, seedDemoData } from '../../src/server/db/database';
import { createRepositories } from '../../src/server/db/repositories';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';

// What the repositories return must pass the contract's own schemas, strictly (no extra fields),
// so the API can hand it over as it is.
const contract = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as object;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(contract, 'openapi.yaml');
const matchesContract = (schemaName: string, value: unknown) => {
  const validate = ajv.getSchema(`openapi.yaml#/components/schemas/${schemaName}`);
  if (validate === undefined) throw new Error(`openapi.yaml has no schema ${schemaName}`);
  return validate(value) ? [] : validate.errors;
};

describe.each(databaseTargets)('repository answers against openapi.yaml on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let repositories: ReturnType<typeof createRepositories>;
  beforeAll(async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    repositories = createRepositories(database.db);
  });
  afterAll(() => database.dispose());

  it('core data is a RestaurantData', async () => {
    expect(matchesContract('RestaurantData', await repositories.restaurant.getCoreData())).toEqual([]);
  });

  it('every seeded page is a Page', async () => {
    for (const pageName of ['Gallery', 'privacy', 'cookies', 'terms', 'about-us']) {
      expect(matchesContract('Page', await repositories.pages.getPage(pageName)), pageName).toEqual([]);
    }
  });

  it('the menu is a Menu, down to its items', async () => {
    const menu = await repositories.menus.getMenu(1);
    expect(matchesContract('Menu', menu)).toEqual([]);

    // The check reaches into referenced schemas: an item with a field too many fails it.
    const [firstCategory, ...otherCategories] = menu?.categories ?? [];
    const [firstItem, ...otherItems] = firstCategory.items;
    const menuWithAnOddItem = {
      ...menu,
      categories: [{ ...firstCategory, items: [{ ...firstItem, price: 2.5 }, ...otherItems] }, ...otherCategories],
    };
    expect(matchesContract('Menu', menuWithAnOddItem)).not.toEqual([]);
  });
});
