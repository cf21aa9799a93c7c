import { rootRouteId, useLoaderData, useRouteContext, useSearch } from '@tanstack/react-router';
import { BusyNotice } from '../../components/restaurant/BusyNotice';
import { MenuScreen } from './MenuScreen';
import { OrderingUnavailableScreen } from './OrderingUnavailableScreen';
import { useOrderingRefusal } from './useOrderingRefusal';

/** `/order` is public (SPEC §2), so it stays when ordering is off or paused and says how to order instead. */
export function OrderScreen() {
  const restaurant = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant });
  const { menuRequest, broughtMenu } = useLoaderData({ from: '/_order/order' });
  const linkedDishId = useSearch({ from: '/_order/order', select: (search) => search.dish });
  const { now, refused } = useOrderingRefusal(restaurant);
  if (!restaurant) return null;
  if (refused !== undefined) return <OrderingUnavailableScreen restaurant={restaurant} heading="Add items to your order" {...refused} />;
  return (
    <>
      <BusyNotice busyMode={restaurant.busyMode} now={now} />
      <MenuScreen menuId={restaurant.menuId} menuRequest={menuRequest} broughtMenu={broughtMenu} linkedDishId={linkedDishId} />
    </>
  );
}
