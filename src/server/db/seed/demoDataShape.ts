import type { components } from '../../../api/schema.gen';

type PageRow = components['schemas']['PageRow'];
type Photo = components['schemas']['Photo'];
export type Allergen = components['schemas']['Allergen'];
export type DietaryLabel = components['schemas']['DietaryLabel'];

// The demo data in the shape people write it: money in pence, booleans as booleans, orders given
// by position in the lists. insertDemoData turns it into rows.

/** The 14 allergens UK food law requires a takeaway to declare, in the order they are listed. */
export const ukAllergens = [
  'celery',
  'cereals-containing-gluten',
  'crustaceans',
  'eggs',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'peanuts',
  'sesame',
  'soya',
  'sulphites',
  'tree-nuts',
] as const satisfies readonly Allergen[];

export interface DemoRestaurant {
  restaurantId: number;
  tradingName: string;
  tagline: string;
  address1: string;
  address2: string;
  town: string;
  county: string;
  postCode: string;
  phone: string;
  email: string;
  onlineOrderingAllowed: boolean;
  appStoreUrl: string;
  googlePlayUrl: string;
}

export interface DemoTakeawaySettings {
  allowCollection: boolean;
  allowOrdering: boolean;
  allowCashPayment: boolean;
  maximumCashOrderPence: number;
  maximumOrderPence: number;
  minimumCollectionOrderPence: number;
  minimumFreeOrderPence: number;
  standardDeliveryChargePence: number;
  bagChargePence: number;
  collectionLeadMinutes: number;
  deliveryLeadMinutes: number;
  /** The restaurant's own photo (home page, shared links); one of DemoData.photos. */
  sharePhoto?: Photo;
}

export interface DemoOpeningPeriod {
  /** 0 = Sunday. */
  day: number;
  opens: string;
  closes: string;
}

export interface DemoDeliveryZone {
  deliveryZoneId: number;
  postcodeDistrict: string;
  zoneName: string;
  deliveryChargePence: number;
  minimumOrderPence: number;
}

export interface DemoConfigItem {
  configId: number;
  label: string;
  extraCostPence: number;
}

export interface DemoMenuItem {
  itemId: number;
  title: string;
  description: string;
  extendedDescription?: string;
  costPence: number;
  allergens: Allergen[];
  dietary?: DietaryLabel[];
  /** Defaults to true. */
  available?: boolean;
  /** One of the dishes the home page highlights; defaults to false. */
  highlighted?: boolean;
  /** The dish's number on the menu, "54". */
  menuNumber?: string;
  /** The dish's Chinese name, in Simplified Chinese (zh-Hans) as the UK's takeaways write it. */
  chineseName?: string;
  configItems?: DemoConfigItem[];
  /** One of DemoData.photos. */
  photo?: Photo;
}

export interface DemoMenuCategory {
  categoryId: number;
  name: string;
  description: string;
  items: DemoMenuItem[];
}

export interface DemoMenu {
  menuId: number;
  menuVersion: number;
  menuType: number;
  categories: DemoMenuCategory[];
}

export interface DemoPage {
  pageName: string;
  title: string;
  rows: PageRow[];
}

export interface DemoData {
  restaurant: DemoRestaurant;
  takeawaySettings: DemoTakeawaySettings;
  openingHours: DemoOpeningPeriod[];
  deliveryZones: DemoDeliveryZone[];
  menu: DemoMenu;
  pages: DemoPage[];
  /** The photos the demo comes with, recorded as uploads (their files: src/server/db/seed/demoPhotos.ts). */
  photos: Photo[];
}
