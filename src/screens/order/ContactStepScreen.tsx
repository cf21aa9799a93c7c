import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { ContactScreen } from './ContactScreen';
import { OrderingUnavailableScreen } from './OrderingUnavailableScreen';
import { useOrderingRefusal } from './useOrderingRefusal';

/** `/contact` is public (SPEC §2): with ordering switched off or paused by busy mode it says how to order instead. */
export function ContactStepScreen() {
  const restaurant = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant });
  const { refused } = useOrderingRefusal(restaurant);
  if (!restaurant) return null;
  if (refused !== undefined) return <OrderingUnavailableScreen restaurant={restaurant} heading="Enter your contact details" {...refused} />;
  return <ContactScreen />;
}
