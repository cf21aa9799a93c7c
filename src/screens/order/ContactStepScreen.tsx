import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { orderingRefusal } from '../../../machines/orderJourney/journeyFacts';
import { ContactScreen } from './ContactScreen';
import { OrderingUnavailableScreen } from './OrderingUnavailableScreen';

/** `/contact` is public (SPEC §2): with ordering switched off it says how to order instead. */
export function ContactStepScreen() {
  const restaurant = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant });
  if (!restaurant) return null;
  if (orderingRefusal(restaurant) !== undefined) return <OrderingUnavailableScreen restaurant={restaurant} heading="Enter your contact details" />;
  return <ContactScreen />;
}
