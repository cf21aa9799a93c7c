import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Alert, Button, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { components } from '../../api/schema.gen';
import { useApiRequest } from '../../actors/useApiRequest';
import { BasketSummaryBar, itemCountText } from '../../components/order/BasketSummaryBar';
import { useTypedBeforeHydration } from '../../components/useTypedBeforeHydration';
import { formatPounds } from '../../domain/money';
import { CategoryJumpList } from '../../components/order/CategoryJumpList';
import { PageLoading } from '../../components/PageLoading';
import { MenuItemCard } from '../../components/order/MenuItemCard';
import { searchDishes } from '../../../machines/basket/dishSearch';
import { linkedDishCategoryIndex } from './dishSearch';
import { MenuCategories, orderedCategories, useProgressiveCategoryCount } from './MenuCategories';
import { requestMenu, type MenuRequest } from './menuRequest';
import { RemovedItemsNotice } from './RemovedItemsNotice';
import { useBasketActor, useBasketCount } from './useBasket';
import { useShowLinkedDish } from './useShowLinkedDish';

type Menu = components['schemas']['Menu'];
type MenuItem = components['schemas']['MenuItem'];
type ConfigItem = components['schemas']['ConfigItem'];

/**
 * `/order`: the takeaway menu from `GET /menu/getMenu/{menuId}`, with the basket always one tap away.
 * `menuRequest` is the route loader's request for that menu, used by the first send only: trying again asks afresh.
 * `broughtMenu`, the menu the page brought, shows at once rather than after that request has settled, so that the
 * app's first drawing is the served HTML's (src/prerender/).
 * `linkedDishId` is a dish a link named (`?dish=…`), shown and focused once the menu is drawn.
 */
export function MenuScreen({
  menuId,
  menuRequest,
  broughtMenu,
  linkedDishId,
}: {
  menuId: number;
  menuRequest: MenuRequest | undefined;
  broughtMenu?: Menu;
  linkedDishId?: number;
}) {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const basket = useBasketActor();
  const { itemCount, itemCost } = useBasketCount();
  const basketError = useSelector(basket, (snapshot) => snapshot.context.error);
  const placedOrderRef = useSelector(basket, (snapshot) => snapshot.context.orderRef);
  const [lastAdded, setLastAdded] = useState<string>();
  const [query, setQuery] = useState('');
  const searchField = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(searchField, query, setQuery);
  const unusedMenuRequest = useRef(menuRequest);
  const {
    state,
    data: answeredMenu,
    error,
    send,
  } = useApiRequest<number, Menu>((id, signal) => {
    const loaderRequest = unusedMenuRequest.current;
    unusedMenuRequest.current = undefined;
    return loaderRequest && id === menuId ? loaderRequest : requestMenu(api, id, signal);
  });
  useEffect(() => send(menuId), [send, menuId]);
  const menu = state === 'responseReceived' ? answeredMenu : (broughtMenu ?? null);
  const categories = useMemo(() => (menu ? orderedCategories(menu) : []), [menu]);
  const { renderedCount: renderedCategoryCount, renderAll: renderAllCategories } = useProgressiveCategoryCount(categories.length, menu === broughtMenu);
  const foundDishes = useMemo(() => searchDishes(categories, query), [categories, query]);
  const searching = query.trim() !== '';
  const linkedDishCategory = useMemo(() => linkedDishCategoryIndex(categories, linkedDishId), [categories, linkedDishId]);
  // The linked dish's category is drawn with the first categories, not after them.
  const categoriesToRender = Math.max(renderedCategoryCount, (linkedDishCategory ?? -1) + 1);
  useShowLinkedDish(linkedDishCategory === undefined ? undefined : linkedDishId);
  // A basket saved against an older menu is checked against this one (the machine ignores the same version).
  useEffect(() => {
    if (menu) basket.send({ type: 'MENU_CHANGED', menu });
  }, [basket, menu]);

  // Stable, so that a dish added does not render every card again. A dish added after a placed order starts the next
  // order (the basket statechart's rule).
  const addToOrder = useCallback(
    (item: MenuItem, option: ConfigItem | undefined) => {
      basket.send({
        type: 'ADD_ITEM',
        line: {
          categoryId: item.categoryId,
          itemId: item.itemId,
          ...(option ? { configId: option.configId, configOption: option.configItem } : {}),
          title: item.title,
          quantity: 1,
          itemCost: item.itemCost + (option?.extraCost ?? 0),
        },
      });
      setLastAdded(option ? `${item.title} (${option.configItem})` : item.title);
    },
    [basket],
  );

  if (state === 'error') {
    return (
      <Stack gap="md" py="md">
        <Title order={1}>Add items to your order</Title>
        <Alert color="lacquerRed" title="The menu could not be loaded" role="alert">
          {error?.message ?? 'Please try again in a moment.'}
        </Alert>
        <Button onClick={() => send(menuId)} w="fit-content">
          Try again
        </Button>
      </Stack>
    );
  }

  // The heading and introduction paint before the menu arrives: they are the page's largest text.
  return (
    <Stack gap="md" py="md">
      <div>
        <Title order={1}>Add items to your order</Title>
        <Text c="dimmed">Choose your dishes for collection or delivery. Every dish lists its allergens; please ask us if you have any questions.</Text>
      </div>
      {menu === null ? (
        <PageLoading />
      ) : (
        <>
          <RemovedItemsNotice />
          {placedOrderRef !== undefined && (
            <Alert color="imperialGold" title="Your order has been placed">
              {`Your order reference is ${placedOrderRef}. Adding a dish starts a new order.`}
            </Alert>
          )}
          {basketError && (
            <Alert color="lacquerRed" title="Your basket could not be updated" role="alert">
              {basketError.message ?? 'Please try again in a moment.'}
            </Alert>
          )}
          <TextInput
            ref={searchField}
            type="search"
            label="Search the menu"
            description="A dish's name in English or Chinese, or its number"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            maw={480}
          />
          {searching ? (
            // The results stand in for the categories, so that no dish's card is on the page twice.
            <section aria-labelledby="menu-search-results">
              <Stack gap="sm">
                <Title order={2} id="menu-search-results">
                  Search results
                </Title>
                <Text role="status">
                  {foundDishes.length === 0
                    ? `No dishes match “${query.trim()}”`
                    : `${foundDishes.length} ${foundDishes.length === 1 ? 'dish matches' : 'dishes match'} “${query.trim()}”`}
                </Text>
                {foundDishes.map((item) => (
                  <MenuItemCard key={item.itemId} item={item} onAdd={addToOrder} />
                ))}
              </Stack>
            </section>
          ) : (
            <>
              <CategoryJumpList categories={categories} beforeJump={renderAllCategories} />
              <MenuCategories categories={categories} renderedCount={categoriesToRender} onAdd={addToOrder} />
            </>
          )}
          {/* Said, not shown: the basket bar below shows the same count and total. */}
          <VisuallyHidden role="status" aria-live="polite">
            {lastAdded ? `Added ${lastAdded}. Basket: ${itemCountText(itemCount)}, ${formatPounds(itemCost)}` : ''}
          </VisuallyHidden>
          <BasketSummaryBar itemCount={itemCount} itemCost={itemCost} />
        </>
      )}
    </Stack>
  );
}
