import type { components } from '../../api/schema.gen';
import { isOnlineOrderingAvailable } from '../../domain/onlineOrdering';
import { firstPhoto, orderedRows, photoSrcSet as slideSrcSet } from '../../domain/pageContent';
import { avifCopyOf, avifSrcSet } from '../../domain/slidePhotos';
import { HOME_PHOTO_SIZES, SHARE_IMAGE, mediaIdOfImage, photoFileName, photoSrcSet, shareImageFileName } from '../../domain/photoSizes';
import { normalisePath } from '../../domain/paths';
import type { DescriptionName } from '../../domain/routeFacts';
import { canonicalPath, factsAt, titleAt } from './routeFacts';
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

const HOME_PATHS = new Set(['/', '/home']);

/**
 * The document head a search engine or a shared link reads: the title the app sets (the route's facts), a
 * description, the canonical URL, Open Graph and Twitter's card, and the schema.org JSON-LD the route's facts name
 * (the home, restaurant and menu pages). A path not to be listed (private, or the splash) says `noindex` instead of naming a canonical URL.
 */
export function pageHead({ pathname, publicUrl, restaurant, page, menu }: PageFacts): string {
  const path = normalisePath(pathname);
  const facts = factsAt(path);
  const title = titleAt(path, restaurant?.name);
  const description = shortened(describe(facts?.description, restaurant, page));
  const canonical = canonicalPath(path, page !== undefined);
  const url = `${publicUrl}${canonical ?? path}`;
  const image = shareImageOf(page, restaurant);
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
    ...(image
      ? [
          meta('property', 'og:image', new URL(image.img, `${publicUrl}/`).href),
          meta('property', 'og:image:width', String(image.width)),
          meta('property', 'og:image:height', String(image.height)),
          meta('property', 'og:image:alt', image.alt),
        ]
      : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    ...lcpPhotoPreload(path, page, restaurant),
  ];
  if (restaurant && facts?.structuredData === 'restaurant') tags.push(jsonLdElement(restaurantStructuredData(restaurant, publicUrl)));
  if (restaurant && menu && facts?.structuredData === 'menu') tags.push(jsonLdElement(menuStructuredData(menu, restaurant, publicUrl)));
  return tags.join('');
}

/**
 * A description in the restaurant's own words where it has them, naming where it is and how to reach it: the route's
 * own (its facts' `description`, filled in from the restaurant's data), else the page's opening.
 */
function describe(template: string | undefined, restaurant: RestaurantData | undefined, page: Page | undefined): string {
  if (!restaurant) return 'Order a Chinese takeaway for collection or delivery.';
  const { name, tagline, phone, address } = restaurant;
  const place = [address.address2, address.town].filter((part) => part !== '').join(', ');
  const fullAddress = [address.address1, address.address2, address.town].filter((part) => part !== '').join(', ') + ` ${address.postCode}`;
  const toOrder = isOnlineOrderingAvailable(restaurant)
    ? `Order online for collection or delivery, or call ${phone}.`
    : `Call ${phone} to order.`;
  if (template !== undefined) return filledIn(template, { name, tagline, place, town: address.town, fullAddress, phone, toOrder });
  const opening = page ? firstParagraph(page) : undefined;
  if (opening) return opening;
  if (page) return `${page.title}: ${name}, ${tagline} in ${place}.`;
  return `${name}: ${tagline} in ${place}. ${toOrder}`;
}

/** A route's description with `{name}` (or `{name:lower}`) replaced by the restaurant's; an unknown name is a route's mistake. */
function filledIn(template: string, values: Readonly<Record<DescriptionName, string>>): string {
  return template.replace(/\{(\w+)(:lower)?\}/g, (_whole, key: string, lower: string | undefined) => {
    const value = (values as Readonly<Record<string, string>>)[key];
    if (value === undefined) throw new Error(`A route's description names {${key}}, which no restaurant has`);
    return lower ? value.toLowerCase() : value;
  });
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

/**
 * The picture a shared link shows: the page's own photo (its first carousel slide), else the restaurant's chosen photo,
 * each as its 1200 × 630 crop (src/server/media/photos.ts `shareImage`). A slide that is not an uploaded photo is shown
 * as it is, at its own size.
 */
function shareImageOf(page: Page | undefined, restaurant: RestaurantData | undefined): { img: string; width: number; height: number; alt: string } | undefined {
  const slide = page ? firstPhoto(page)?.slide : undefined;
  const slideMediaId = slide ? mediaIdOfImage(slide.img) : undefined;
  if (slide && slideMediaId) return { img: `/media/${shareImageFileName(slideMediaId)}`, ...SHARE_IMAGE, alt: slide.alt };
  const chosen = restaurant?.sharePhoto;
  if (chosen) return { img: `/media/${shareImageFileName(chosen.mediaId)}`, ...SHARE_IMAGE, alt: chosen.alt };
  return slide;
}

/**
 * The page's largest paint asked for at once, when it is a photo: the first photo of the page's first carousel, or the
 * home page's photo. Its imagesrcset and imagesizes are the img's own, so the copy preloaded is the one the page shows.
 */
function lcpPhotoPreload(path: string, page: Page | undefined, restaurant: RestaurantData | undefined): string[] {
  const first = page ? firstPhoto(page) : undefined;
  if (first) {
    const srcSet = slideSrcSet(first.slide);
    const widths = (chosen: string | undefined) => (srcSet === undefined || chosen === undefined ? undefined : { srcSet: chosen, sizes: first.sizes });
    // AVIF, as the <picture>'s first source (CarouselPhoto): a browser without it ignores a preload of that type and takes the slide's own.
    const avif = avifSrcSet(first.slide);
    if (avif) return [preloadLink(avifCopyOf(first.slide.img)!, widths(avif), 'image/avif')];
    return [preloadLink(first.slide.img, widths(srcSet))];
  }
  const homePhoto = HOME_PATHS.has(path) ? restaurant?.sharePhoto : undefined;
  if (!homePhoto) return [];
  // AVIF, as the <picture>'s first source: a browser without it ignores a preload of that type and takes the WebP.
  return [preloadLink(`/media/${photoFileName(homePhoto.mediaId, homePhoto.widths[0]!, 'avif')}`, { srcSet: photoSrcSet(homePhoto, 'avif'), sizes: HOME_PHOTO_SIZES }, 'image/avif')];
}

function preloadLink(href: string, widths: { srcSet: string; sizes: string } | undefined, type?: string): string {
  const responsive = widths ? ` imagesrcset="${escapeHtml(widths.srcSet)}" imagesizes="${escapeHtml(widths.sizes)}"` : '';
  const typed = type ? ` type="${type}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(href)}"${responsive}${typed} fetchpriority="high">`;
}
