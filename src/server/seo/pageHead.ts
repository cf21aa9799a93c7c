import type { components } from '../../api/schema.gen';
import { isOnlineOrderingAvailable } from '../../domain/onlineOrdering';
import { firstPhoto, orderedRows } from '../../domain/pageContent';
import { normalisePath } from '../../domain/paths';
import { titleFor } from '../../shell/titles';
import { canonicalPath } from './searchRoutes';
import { jsonLdElement, menuStructuredData, restaurantStructuredData } from './structuredData';

type RestaurantData = components['schemas']['RestaurantData'];
type Page = components['schemas']['Page'];
type Menu = components['schemas']['Menu'];

/** What the server knows about the page at a path when it serves its HTML (src/server/plugins/site.ts). */
export interface PageFacts {
  pathname: string;
  publicUrl: string;
  restaurant?: RestaurantData;
  /** The restaurant's page shown at the path, if any. */
  page?: Page;
  /** The menu, when the path shows it. */
  menu?: Menu;
}

/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;

const RESTAURANT_PATHS = new Set(['/', '/home', '/restaurant']);

/**
 * The document head a search engine or a shared link reads: the title the app sets (src/shell/titles.ts), a
 * description, the canonical URL, Open Graph and Twitter's card, and schema.org JSON-LD on the home, restaurant and
 * menu pages. A path not to be listed (private, or the splash) says `noindex` instead of naming a canonical URL.
 */
export function pageHead({ pathname, publicUrl, restaurant, page, menu }: PageFacts): string {
  const path = normalisePath(pathname);
  const title = titleFor(path, restaurant?.name);
  const description = shortened(describe(path, restaurant, page));
  const canonical = canonicalPath(path, page !== undefined);
  const url = `${publicUrl}${canonical ?? path}`;
  const photo = page ? firstPhoto(page)?.slide : undefined;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    canonical === undefined ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', 'en_GB'),
    ...(restaurant ? [meta('property', 'og:site_name', restaurant.name)] : []),
    ...(photo
      ? [
          meta('property', 'og:image', new URL(photo.img, `${publicUrl}/`).href),
          meta('property', 'og:image:alt', photo.alt),
          meta('property', 'og:image:width', String(photo.width)),
          meta('property', 'og:image:height', String(photo.height)),
        ]
      : []),
    meta('name', 'twitter:card', photo ? 'summary_large_image' : 'summary'),
  ];
  if (restaurant && RESTAURANT_PATHS.has(path)) tags.push(jsonLdElement(restaurantStructuredData(restaurant, publicUrl)));
  if (restaurant && menu && path === '/order') tags.push(jsonLdElement(menuStructuredData(menu, restaurant, publicUrl)));
  return tags.join('');
}

/** A description in the restaurant's own words where it has them, naming where it is and how to reach it. */
function describe(path: string, restaurant: RestaurantData | undefined, page: Page | undefined): string {
  if (!restaurant) return 'Order a Chinese takeaway for collection or delivery.';
  const { name, tagline, phone, address } = restaurant;
  const place = [address.address2, address.town].filter((part) => part !== '').join(', ');
  const fullAddress = [address.address1, address.address2, address.town].filter((part) => part !== '').join(', ') + ` ${address.postCode}`;
  const toOrder = isOnlineOrderingAvailable(restaurant)
    ? `Order online for collection or delivery, or call ${phone}.`
    : `Call ${phone} to order.`;
  switch (path) {
    case '/restaurant':
      return `Visit ${name} at ${fullAddress}: our opening hours and how to reach us. Call ${phone}.`;
    case '/order':
      return `${name}'s takeaway menu with prices: ${tagline} in ${place}. ${toOrder}`;
    case '/gallery':
      return `Photos of ${name} in ${place}: the dining room, the kitchen and our dishes.`;
    case '/booking':
      return `Book a table at ${name}, ${place}. Choose a day and time online, or call ${phone}.`;
    case '/dine-at-home':
      return `${name} brings ${tagline.toLowerCase()} to your home: catering for parties and gatherings in and around ${address.town}.`;
    case '/apps':
      return `Get the ${name} app for iPhone and Android: order your takeaway from ${place} and follow it until it is ready.`;
  }
  const opening = page ? firstParagraph(page) : undefined;
  if (opening) return opening;
  if (page) return `${page.title}: ${name}, ${tagline} in ${place}.`;
  return `${name}: ${tagline} in ${place}. ${toOrder}`;
}

/** The page's first paragraph of text, which opens what the page says. */
function firstParagraph(page: Page): string | undefined {
  for (const { columns } of orderedRows(page)) {
    for (const block of columns.flatMap((column) => column.contentBlocks)) {
      const paragraph = block.contentBlockType === 0 ? block.contentBlockData.content.find((text) => text.trim() !== '') : undefined;
      if (paragraph) return paragraph.trim();
    }
  }
  return undefined;
}

/** Cut at the last whole word that fits, so a search result shows a sentence rather than half a word. */
function shortened(text: string): string {
  if (text.length <= DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[\s,;:.]+$/, '')}…`;
}

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
