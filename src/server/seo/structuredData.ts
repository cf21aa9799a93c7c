import type { components } from '../../api/schema.gen';
import { WEEKDAY_NAMES } from '../../domain/londonClock';

type RestaurantData = components['schemas']['RestaurantData'];
type Menu = components['schemas']['Menu'];
type MenuItem = components['schemas']['MenuItem'];

/** schema.org's days, by JavaScript's day number (0 Sunday), as the restaurant's opening periods number them. */
const SCHEMA_ORG_DAYS = WEEKDAY_NAMES.map((day) => `https://schema.org/${day}`);

/** SPEC §1: the product is the website of a Chinese restaurant; the restaurant's data has no cuisine of its own. */
const CUISINE = 'Chinese';

/** The restaurant's menu page, where `hasMenu` points and the `Menu` is described. */
const MENU_PATH = '/order';

const DIETS: Readonly<Record<string, string>> = {
  vegetarian: 'https://schema.org/VegetarianDiet',
  vegan: 'https://schema.org/VeganDiet',
};

/** The restaurant as schema.org's `Restaurant`, from its core data: for the home and restaurant pages. */
export function restaurantStructuredData(restaurant: RestaurantData, publicUrl: string): Record<string, unknown> {
  const { address } = restaurant;
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    '@id': `${publicUrl}/#restaurant`,
    name: restaurant.name,
    description: restaurant.tagline,
    url: `${publicUrl}/`,
    telephone: restaurant.phone,
    email: restaurant.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: [address.address1, address.address2].filter((line) => line !== '').join(', '),
      addressLocality: address.town,
      ...(address.county ? { addressRegion: address.county } : {}),
      postalCode: address.postCode,
      addressCountry: 'GB',
    },
    // One specification per opening: a day with two sittings has two. A closing not later than the opening is after
    // midnight, which schema.org states the same way ("closes": "00:30").
    openingHoursSpecification: restaurant.openingHours.map((period) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: SCHEMA_ORG_DAYS[period.day],
      opens: period.opens,
      closes: period.closes,
    })),
    servesCuisine: CUISINE,
    hasMenu: `${publicUrl}${MENU_PATH}`,
  };
}

/** What can be ordered, as schema.org's `Menu`: each category a `MenuSection`, each available dish a `MenuItem` in GBP. */
export function menuStructuredData(menu: Menu, restaurant: RestaurantData, publicUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    '@id': `${publicUrl}${MENU_PATH}#menu`,
    name: `${restaurant.name} takeaway menu`,
    url: `${publicUrl}${MENU_PATH}`,
    inLanguage: 'en-GB',
    hasMenuSection: menu.categories
      .map((category) => ({ category, items: category.items.filter((item) => item.available) }))
      .filter(({ items }) => items.length > 0)
      .map(({ category, items }) => ({
        '@type': 'MenuSection',
        name: category.category,
        ...(category.description ? { description: category.description } : {}),
        hasMenuItem: items.map(menuItem),
      })),
  };
}

function menuItem(item: MenuItem): Record<string, unknown> {
  const diets = item.dietary.flatMap((label) => (DIETS[label] ? [DIETS[label]] : []));
  return {
    '@type': 'MenuItem',
    name: item.title,
    ...(item.description ? { description: item.description } : {}),
    ...(diets.length > 0 ? { suitableForDiet: diets } : {}),
    // The API's pounds, as schema.org's price: digits with a full stop, here always two decimals.
    offers: { '@type': 'Offer', price: item.itemCost.toFixed(2), priceCurrency: 'GBP' },
  };
}

/** A JSON-LD data block. The browser never runs it; `<` is escaped so that no text of the restaurant's can end the element. */
export function jsonLdElement(data: Record<string, unknown>): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}
