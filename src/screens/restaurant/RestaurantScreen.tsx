import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { Anchor, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { Link, rootRouteId, useRouteContext } from '@tanstack/react-router';
import { RestaurantPhoneLink } from '../../components/order/RestaurantPhoneLink';
import { RestaurantAddress } from '../../components/restaurant/RestaurantAddress';
import { openingStateText } from '../../domain/openingStateText';
import { usePageNow } from '../../components/useNow';
import { londonWallClock } from '../../domain/londonClock';
import { isOnlineOrderingAvailable } from '../../domain/onlineOrdering';
import { openingStateAt } from '../../domain/openingHours';
import { BusyNotice } from '../../components/restaurant/BusyNotice';
import type { RestaurantData } from '../../shell/routerContext';
import { directionsUrl, openingWeek, specialDaysAhead, takeawayToday } from './restaurantDetails';

// Often enough that "Open now" turns to "Closed" within a minute of closing on a page left open.
const CLOCK_REFRESH_MS = 60_000;

/** `/restaurant`: where the restaurant is, how to ring it, when it is open and what can be ordered today. */
export function RestaurantScreen() {
  const restaurant = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant });
  if (!restaurant) return null;
  return <RestaurantDetails restaurant={restaurant} />;
}

function RestaurantDetails({ restaurant }: { restaurant: RestaurantData }) {
  const now = usePageNow(CLOCK_REFRESH_MS);
  const today = londonWallClock(now);
  const state = openingStateAt(now, restaurant.openingHours, restaurant.specialDays);
  const specialDays = specialDaysAhead(restaurant.specialDays ?? [], today.date);
  const onlineOrderingAvailable = isOnlineOrderingAvailable(restaurant);
  const takeaway = takeawayToday({ onlineOrderingAvailable, allowCollection: restaurant.takeawaySettings.allowCollection }, state, today.date);

  return (
    <Stack gap="lg" py="md" maw={40 * 16}>
      <Title order={1}>Visit the restaurant</Title>

      <Stack gap="xs" component="section" aria-labelledby="find-us">
        <Title order={2} id="find-us">
          Find us
        </Title>
        <RestaurantAddress address={restaurant.address} phone={restaurant.phone} />
        <Anchor href={directionsUrl(restaurant.address)} target="_blank" rel="noopener noreferrer" w="fit-content">
          Get directions (opens in a new tab)
        </Anchor>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="opening-hours">
        <Title order={2} id="opening-hours">
          Opening hours
        </Title>
        <Text fw={700}>{openingStateText(state, today.date)}</Text>
        <Table aria-labelledby="opening-hours" withRowBorders={false} verticalSpacing={4} horizontalSpacing={0} maw={22 * 16}>
          <Table.Tbody>
            {openingWeek(restaurant.openingHours, today.dayOfWeek).map((day) => (
              <Table.Tr key={day.name} aria-current={day.isToday ? 'date' : undefined} fw={day.isToday ? 700 : undefined}>
                <Table.Th scope="row" fw="inherit">
                  {day.name}
                  {day.isToday && (
                    <Badge ml="xs" size="sm">
                      Today
                    </Badge>
                  )}
                </Table.Th>
                <Table.Td>{day.hours.length > 0 ? day.hours.join(', ') : 'Closed'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {specialDays.length > 0 && (
          <>
            <Title order={3} id="special-days" size="h4">
              Special days
            </Title>
            <ul aria-labelledby="special-days">
              {specialDays.map((day) => (
                <li key={day.date}>{day.text}</li>
              ))}
            </ul>
          </>
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="takeaway-today">
        <Title order={2} id="takeaway-today">
          Takeaway today
        </Title>
        {onlineOrderingAvailable && <BusyNotice busyMode={restaurant.busyMode} now={now} />}
        {takeaway.map((line) => (
          <Text key={line}>{line}</Text>
        ))}
        {onlineOrderingAvailable ? (
          <Anchor component={Link} to="/order" w="fit-content">
            Order a takeaway
          </Anchor>
        ) : (
          <Text>
            To order a takeaway, phone us on <RestaurantPhoneLink phone={restaurant.phone} />.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
