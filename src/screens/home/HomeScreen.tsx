import { Anchor, Text, Title } from '@mantine/core';
import { Link, rootRouteId, useRouteContext } from '@tanstack/react-router';
import type { components } from '../../api/schema.gen';
import { Logo } from '../../components/Logo';
import { DishPhoto } from '../../components/order/DishPhoto';
import { HOME_PHOTO_SIZES } from '../../domain/photoSizes';
import { BusyNotice } from '../../components/restaurant/BusyNotice';
import { RestaurantAddress } from '../../components/restaurant/RestaurantAddress';
import { openingStateText } from '../../domain/openingStateText';
import { usePageNow } from '../../components/useNow';
import { londonWallClock } from '../../domain/londonClock';
import { isOnlineOrderingAvailable } from '../../domain/onlineOrdering';
import { openingStateAt } from '../../domain/openingHours';
import type { RestaurantData } from '../../shell/routerContext';
import classes from './HomeScreen.module.css';
import { dishPriceText, leadTimeLines, todaysHoursText } from './homeDetails';

type MenuItem = components['schemas']['MenuItem'];

// A highlighted dish's photo spans its card (HomeScreen.module.css `.dishes`: one column on a phone, up to three).
const HIGHLIGHT_PHOTO_SIZES = '(min-width: 48em) 22rem, calc(100vw - 2rem)';

// Often enough that "Open now" turns to "Closed" within a minute of closing on a page left open.
const CLOCK_REFRESH_MS = 60_000;

/** `/`: who the restaurant is, whether it is open, how soon food comes, what to try and where to find it, from its core data. */
export function HomeScreen() {
  const restaurant = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant });
  const now = usePageNow(CLOCK_REFRESH_MS);
  const today = londonWallClock(now);
  const onlineOrderingAvailable = isOnlineOrderingAvailable(restaurant);
  return (
    <div className={classes.home}>
      <section className={classes.hero} aria-labelledby="home-heading">
        {restaurant?.sharePhoto && <DishPhoto photo={restaurant.sharePhoto} className={classes.photo} sizes={HOME_PHOTO_SIZES} largestPaint />}
        <Logo size={80} />
        <Title order={1} id="home-heading" className={classes.name}>
          {restaurant?.name}
        </Title>
        {restaurant?.tagline && <Text size="lg">{restaurant.tagline}</Text>}
        {restaurant && <p className={classes.status}>{openingStateText(openingStateAt(now, restaurant.openingHours, restaurant.specialDays), today.date)}</p>}
        {restaurant && onlineOrderingAvailable && <BusyNotice busyMode={restaurant.busyMode} now={now} />}
        <div className={classes.actions}>
          <Link to="/order" className={classes.primary}>
            Order a takeaway
          </Link>
          <Link to="/booking" className={classes.secondary}>
            Book a table
          </Link>
        </div>
        {restaurant && (
          <ul className={classes.facts} aria-label="Today">
            <li>{todaysHoursText(restaurant.openingHours, today.dayOfWeek, restaurant.specialDays, today.date)}</li>
            {leadTimeLines(restaurant.takeawaySettings, onlineOrderingAvailable).map((line) => (
              <li key={line}>{line}</li>
            ))}
            {!onlineOrderingAvailable && <li>Online ordering is unavailable at the moment: please phone us to order.</li>}
          </ul>
        )}
      </section>
      {restaurant && <HighlightedDishes dishes={restaurant.highlightedDishes ?? []} orderable={onlineOrderingAvailable} />}
      {restaurant && <FindUs restaurant={restaurant} />}
    </div>
  );
}

function HighlightedDishes({ dishes, orderable }: { dishes: MenuItem[]; orderable: boolean }) {
  if (dishes.length === 0) return null;
  return (
    <section className={classes.section} aria-labelledby="highlighted-dishes">
      <Title order={2} id="highlighted-dishes">
        Our signature dishes
      </Title>
      <ul className={classes.dishes}>
        {dishes.map((dish) => (
          <li key={dish.itemId} className={classes.dish}>
            <article aria-labelledby={`dish-${dish.itemId}`}>
              {dish.photo && <DishPhoto photo={dish.photo} className={classes.dishPhoto} sizes={HIGHLIGHT_PHOTO_SIZES} />}
              <Title order={3} id={`dish-${dish.itemId}`} className={classes.dishName}>
                {dish.title}
              </Title>
              <Text size="sm">{dish.description}</Text>
              <div className={classes.dishFooter}>
                <Text fw={700}>{dishPriceText(dish)}</Text>
                {orderable && (
                  <Anchor
                    renderRoot={(props) => <Link {...props} to="/order" search={{ dish: dish.itemId }} />}
                    aria-label={`Order ${dish.title}`}
                    fw={700}
                  >
                    Order
                  </Anchor>
                )}
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FindUs({ restaurant }: { restaurant: RestaurantData }) {
  return (
    <section className={classes.section} aria-labelledby="find-us">
      <Title order={2} id="find-us">
        Find us
      </Title>
      <RestaurantAddress address={restaurant.address} phone={restaurant.phone} />
      <Anchor component={Link} to="/restaurant" w="fit-content">
        Opening hours and directions
      </Anchor>
    </section>
  );
}
