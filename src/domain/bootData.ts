import type { components } from '../api/schema.gen';

/**
 * What the server writes into the HTML of a first load (src/server/plugins/site.ts), so that the app starts without
 * the calls it would otherwise make one after another once its code has run: its configuration (`/config.json`),
 * the restaurant's core data (`GET /restaurant/coreRestaurantData`), at a restaurant's page that page
 * (`GET /pagedata/page/{page}`) under its lower-cased name, and at `/order` with online ordering available the
 * restaurant's menu (`GET /menu/getMenu/{menuId}`). Each is what its call answers. Any may be missing (HTML
 * not served by this server, as in Vite's dev server, or a read that failed), and the app then makes the call.
 */
export interface BootData {
  config?: unknown;
  restaurantData?: components['schemas']['RestaurantData'];
  pages?: Record<string, components['schemas']['Page']>;
  menu?: components['schemas']['Menu'];
}

export const BOOT_DATA_ELEMENT_ID = 'boot-data';

/** A `<script type="application/json">`, which the browser never runs; `<` is escaped so that no text in it can end the element. */
export function bootDataElement(data: BootData): string {
  return `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** The element's text as start data; none, or text that is not an object, is none. */
export function parseBootData(text: string | null | undefined): BootData {
  if (!text) return {};
  try {
    const data: unknown = JSON.parse(text);
    return typeof data === 'object' && data !== null ? (data as BootData) : {};
  } catch {
    return {};
  }
}
