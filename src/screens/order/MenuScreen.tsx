import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { callApi } from '../../api/client';
import type { components } from '../../api/schema.gen';
import { useApiRequest } from '../../api/useApiRequest';
import { BasketSummaryBar } from '../../components/order/BasketSummaryBar';
import { CategoryJumpList } from '../../components/order/CategoryJumpList';
import { PageLoading } from '../../components/PageLoading';
import { MenuCategories, orderedCategories } from './MenuCategories';
import { RemovedItemsNotice } from './RemovedItemsNotice';
import { useBasketActor, useBasketCount, useFixIssueRedirect } from './useBasket';

type Menu = components['schemas']['Menu'];
type MenuItem = components['schemas']['MenuItem'];
type ConfigItem = components['schemas']['ConfigItem'];

/** `/order`: the takeaway menu from `GET /menu/getMenu/{menuId}`, with the basket always one tap away. */
export function MenuScreen({ menuId }: { menuId: number }) {
  useFixIssueRedirect();
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const basket = useBasketActor();
  const { itemCount, itemCost } = useBasketCount();
  const basketError = useSelector(basket, (snapshot) => snapshot.context.error);
  const placedOrderRef = useSelector(basket, (snapshot) => snapshot.context.orderRef);
  const [lastAdded, setLastAdded] = useState<string>();
  const { state, data: menu, error, send } = useApiRequest<number, Menu>((id, signal) =>
    callApi(api.GET('/menu/getMenu/{menuId}', { params: { path: { menuId: id } }, signal }), signal),
  );
  useEffect(() => send(menuId), [send, menuId]);
  const categories = useMemo(() => (menu ? orderedCategories(menu) : []), [menu]);
  // A basket saved against an older menu is checked against this one (the machine ignores the same version).
  useEffect(() => {
    if (menu) basket.send({ type: 'MENU_CHANGED', menu });
  }, [basket, menu]);

  function addToOrder(item: MenuItem, option: ConfigItem | undefined) {
    // A confirmed order cannot change: a dish added after it starts the next order.
    if (placedOrderRef !== undefined) basket.send({ type: 'CLEAR' });
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
  }

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
  if (state !== 'responseReceived' || menu === null) return <PageLoading />;

  return (
    <Stack gap="md" py="md">
      <div>
        <Title order={1}>Add items to your order</Title>
        <Text c="dimmed">Choose your dishes for collection or delivery. Every dish lists its allergens; please ask us if you have any questions.</Text>
      </div>
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
      <CategoryJumpList categories={categories} />
      <MenuCategories categories={categories} onAdd={addToOrder} />
      <Text role="status" size="sm" aria-live="polite">
        {lastAdded ? `${lastAdded} added to your order` : ''}
      </Text>
      <BasketSummaryBar itemCount={itemCount} itemCost={itemCost} />
    </Stack>
  );
}
