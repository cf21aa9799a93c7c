import { goldenDragonMenu } from './goldenDragonMenu';
import {
  goldenDragonDeliveryZones,
  goldenDragonOpeningHours,
  goldenDragonRestaurant,
  goldenDragonTakeawaySettings,
} from './goldenDragonRestaurant';
import { aboutUsPage, allergensPage, cookiesPage, privacyPage, termsPage } from './contentPages';
import { galleryPage } from './galleryPage';
import type { DemoData } from './demoDataShape';

export const goldenDragonDemoData: DemoData = {
  restaurant: goldenDragonRestaurant,
  takeawaySettings: goldenDragonTakeawaySettings,
  openingHours: goldenDragonOpeningHours,
  deliveryZones: goldenDragonDeliveryZones,
  menu: goldenDragonMenu,
  pages: [galleryPage, privacyPage, cookiesPage, termsPage, aboutUsPage, allergensPage],
};
