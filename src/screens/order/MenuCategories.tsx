import { Stack, Text, Title } from '@mantine/core';
import type { components } from '../../api/schema.gen';
import { categorySectionId } from '../../components/order/CategoryJumpList';
import { MenuItemCard } from '../../components/order/MenuItemCard';
import classes from './MenuCategories.module.css';

type Menu = components['schemas']['Menu'];
type MenuCategory = components['schemas']['MenuCategory'];
type MenuItem = components['schemas']['MenuItem'];
type ConfigItem = components['schemas']['ConfigItem'];

/** SPEC §3: categories in `categoryOrder`, items in `itemOrder`; the server's order is not relied on. */
export function orderedCategories(menu: Menu): MenuCategory[] {
  return [...menu.categories]
    .sort((first, second) => first.categoryOrder - second.categoryOrder)
    .map((category) => ({ ...category, items: [...category.items].sort((first, second) => first.itemOrder - second.itemOrder) }));
}

export function MenuCategories({
  categories,
  onAdd,
}: {
  categories: MenuCategory[];
  onAdd: (item: MenuItem, option: ConfigItem | undefined) => void;
}) {
  return (
    <Stack gap="xl">
      {categories.map((category) => (
        <section key={category.categoryId} id={categorySectionId(category.categoryId)} className={classes.section} tabIndex={-1} aria-labelledby={`${categorySectionId(category.categoryId)}-heading`}>
          <Stack gap="sm">
            <div>
              <Title order={2} id={`${categorySectionId(category.categoryId)}-heading`}>
                {category.category}
              </Title>
              {category.description && <Text c="dimmed">{category.description}</Text>}
            </div>
            <div className={classes.items}>
              {category.items.map((item) => (
                <MenuItemCard key={item.itemId} item={item} onAdd={onAdd} />
              ))}
            </div>
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
