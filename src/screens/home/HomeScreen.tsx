import { Text, Title } from '@mantine/core';
import { Link, rootRouteId, useRouteContext } from '@tanstack/react-router';
import { Logo } from '../../components/Logo';
import classes from './HomeScreen.module.css';

export function HomeScreen() {
  const restaurant = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant });
  return (
    <section className={classes.hero} aria-labelledby="home-heading">
      <Logo size={96} />
      <Title order={1} id="home-heading" className={classes.name}>
        {restaurant?.name}
      </Title>
      {restaurant?.tagline && <Text size="lg">{restaurant.tagline}</Text>}
      <div className={classes.actions}>
        <Link to="/order" className={classes.primary}>
          Order a takeaway
        </Link>
        <Link to="/booking" className={classes.secondary}>
          Book a table
        </Link>
      </div>
    </section>
  );
}
