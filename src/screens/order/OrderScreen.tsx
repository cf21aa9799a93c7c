import { rootRouteId, useLoaderData, useRouteContext, useSearch } from '@tanstack/react-router';
import { isOnlineOrderingAvailable } from '../../domain/onlineOrdering';
import { MenuScreen } from './MenuScreen';
import { OrderingUnavailableScreen } from './OrderingUnavailableScreen';

/** `/order` is public (SPEC §2), so it stays when ordering is off and says how to order instead. */
export function OrderScreen() {
  const restaurant = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant });
  const { menuRequest, broughtMenu } = useLoaderData({ from: '/order' });
  const linkedDishId = useSearch({ from: '/order', select: (search) => search.dish });
  if (!restaurant) return null;
  if (!isOnlineOrderingAvailable(restaurant)) return <OrderingUnavailableScreen restaurant={restaurant} heading="Add items to your order" />;
  return <MenuScreen menuId={restaurant.menuId} menuRequest={menuRequest} broughtMenu={broughtMenu} linkedDishId={linkedDishId} />;
}
