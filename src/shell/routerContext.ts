import type { AuthActor } from '../actors/auth';
import type { ApiClient } from '../api/client';
import type { components } from '../api/schema.gen';
import type { Analytics } from '../platform/analytics';
import type { CoreDataCache } from './coreDataCache';

export type RestaurantData = components['schemas']['RestaurantData'];

/** What every route's guard and screen can reach: the app's long-lived parts, created once in main.tsx. */
export interface RouterContext {
  api: ApiClient;
  auth: AuthActor;
  coreData: CoreDataCache<RestaurantData>;
  analytics: Analytics;
  /** SPEC §9: sent with orders and shown in the footer. */
  appVersion: string;
}
