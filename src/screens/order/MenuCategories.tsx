import { Stack, Text, Title } from '@mantine/core';
import { Suspense, memo, startTransition, useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { components } from '../../api/schema.gen';
import { categorySectionId } from '../../components/order/CategoryJumpList';
import { MenuItemCard } from '../../components/order/MenuItemCard';
import classes from './MenuCategories.module.css';

type Menu = components['schemas']['Menu'];
type MenuCategory = components['schemas']['MenuCategory'];
type MenuItem = components['schemas']['MenuItem'];
type ConfigItem = components['schemas']['ConfigItem'];

/** The first category fills a phone's screen on its own. */
const CATEGORIES_DRAWN_FIRST = 1;

/** SPEC §3: categories in `categoryOrder`, items in `itemOrder`; the server's order is not relied on. */
export function orderedCategories(menu: Menu): MenuCategory[] {
  return [...menu.categories]
    .sort((first, second) => first.categoryOrder - second.categoryOrder)
    .map((category) => ({ ...category, items: [...category.items].sort((first, second) => first.itemOrder - second.itemOrder) }));
}

/**
 * How many categories to render: the first with the page, then one more per transition, so that the whole
 * menu (94 dishes) never blocks the main thread in one long task while the customer starts to scroll or tap.
 * `renderAll` renders the rest at once, before a jump to a category that is not there yet.
 * A menu the page brought is drawn whole at once: the served HTML shows every dish (a first-time visitor may scroll
 * or search it before the app runs, docs/first-paint.md), and the app's first drawing is the same page.
 */
export function useProgressiveCategoryCount(categoryCount: number, broughtWithThePage: boolean): { renderedCount: number; renderAll: () => void } {
  const [renderedCount, setRenderedCount] = useState(broughtWithThePage ? categoryCount : CATEGORIES_DRAWN_FIRST);
  useEffect(() => {
    if (renderedCount < categoryCount) startTransition(() => setRenderedCount((count) => count + 1));
  }, [renderedCount, categoryCount]);
  const renderAll = useCallback(() => flushSync(() => setRenderedCount(categoryCount)), [categoryCount]);
  return { renderedCount, renderAll };
}

/** How many dishes of the first category a phone shows before the visitor scrolls: their photos are not lazy. */
const FIRST_VIEW_DISHES = 2;

const CategorySection = memo(function CategorySection({
  category,
  first,
  onAdd,
}: {
  category: MenuCategory;
  /** The menu's first category, at the top of the page. */
  first: boolean;
  onAdd: (item: MenuItem, option: ConfigItem | undefined) => void;
}) {
  const sectionId = categorySectionId(category.categoryId);
  return (
    <section id={sectionId} className={classes.section} tabIndex={-1} aria-labelledby={`${sectionId}-heading`}>
      <Stack gap="sm">
        <div>
          <Title order={2} id={`${sectionId}-heading`}>
            {category.category}
          </Title>
          {category.description && <Text c="dimmed">{category.description}</Text>}
        </div>
        <div className={classes.items}>
          {category.items.map((item, index) => (
            <MenuItemCard key={item.itemId} item={item} onAdd={onAdd} photoInFirstView={first && index < FIRST_VIEW_DISHES} />
          ))}
        </div>
      </Stack>
    </section>
  );
});

/**
 * Memoized: a boundary not yet hydrated whose parent renders it again with new props is hydrated at once, in one long
 * task (React's rule); the screen's own updates (the basket's count, the search) must leave the boundaries alone.
 */
export const MenuCategories = memo(function MenuCategories({
  categories,
  renderedCount,
  onAdd,
}: {
  categories: MenuCategory[];
  renderedCount: number;
  onAdd: (item: MenuItem, option: ConfigItem | undefined) => void;
}) {
  return (
    <Stack gap="xl">
      {categories.slice(0, renderedCount).map((category, index) => (
        // A boundary per category: React hydrates the served menu category by category, in slices between which the
        // browser paints and answers a tap, and first the one the visitor touches (docs/first-paint.md).
        <Suspense key={category.categoryId}>
          <CategorySection category={category} first={index === 0} onAdd={onAdd} />
        </Suspense>
      ))}
    </Stack>
  );
});
