// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { useLayoutEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.gen';
import { MenuCategories } from '../../src/screens/order/MenuCategories';

type MenuCategory = components['schemas']['MenuCategory'];
type MenuItem = components['schemas']['MenuItem'];

function dish(categoryId: number, itemId: number): MenuItem {
  return {
    itemId,
    categoryId,
    title: `Dish ${itemId}`,
    description: '',
    extendedDescription: '',
    itemOrder: itemId,
    itemCost: 5,
    allergens: [],
    dietary: [],
    available: true,
    configItems: [],
  };
}

const categories: MenuCategory[] = [1, 2, 3].map((categoryId) => ({
  restaurantId: 1,
  categoryId,
  category: `Category ${categoryId}`,
  description: '',
  categoryOrder: categoryId,
  items: [dish(categoryId, categoryId * 10 + 1), dish(categoryId, categoryId * 10 + 2)],
}));

const addToOrder = () => undefined;

/** React keeps its fiber on each element it has rendered or hydrated; a server's element not yet hydrated has none. */
const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

let root: Root | undefined;

beforeEach(() => {
  // Mantine asks for the colour scheme; jsdom has no matchMedia.
  window.matchMedia = ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});

afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.innerHTML = '';
});

it("leaves the menu's categories to hydrate in slices when the screen renders again at once after hydrating (the basket's restore, the signed-in header)", async () => {
  const hydratedLastCategoryAtScreenUpdate: boolean[] = [];
  /** The menu screen: its own state changes right after hydration; the menu's props stay the same. */
  function Screen({ server }: { server: boolean }) {
    const [basketCount, setBasketCount] = useState(0);
    useLayoutEffect(() => {
      if (server) return;
      if (basketCount === 0) setBasketCount(1);
      else hydratedLastCategoryAtScreenUpdate.push(isHydrated(document.getElementById('menu-category-3')!));
    }, [basketCount, server]);
    return (
      <MantineProvider>
        <p>{server ? 0 : basketCount}</p>
        <MenuCategories categories={categories} renderedCount={categories.length} onAdd={addToOrder} />
      </MantineProvider>
    );
  }
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(<Screen server />);
  const lastCategory = container.querySelector('#menu-category-3')!;

  // Hydrated for real, with React's own scheduler rather than act(), which would finish every lane at once.
  root = hydrateRoot(container, <Screen server={false} />);
  await expect.poll(() => hydratedLastCategoryAtScreenUpdate.length).toBe(1);
  // The screen's update was committed before the category was hydrated: React did not hydrate the boundaries at once
  // to render them again.
  expect(hydratedLastCategoryAtScreenUpdate).toEqual([false]);
  // Then React hydrates it on its own, in the same element the server drew.
  await expect.poll(() => isHydrated(lastCategory)).toBe(true);
  expect(container.querySelector('#menu-category-3')).toBe(lastCategory);
});
