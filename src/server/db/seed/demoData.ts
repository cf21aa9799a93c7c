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
import { demoPhotos, tablePhoto, withDishPhotos } from './demoPhotos';

export const goldenDragonDemoData: DemoData = {
  restaurant: goldenDragonRestaurant,
  takeawaySettings: { ...goldenDragonTakeawaySettings, sharePhoto: tablePhoto },
  openingHours: goldenDragonOpeningHours,
  deliveryZones: goldenDragonDeliveryZones,
  menu: withDishPhotos(goldenDragonMenu),
  pages: [galleryPage, privacyPage, cookiesPage, termsPage, aboutUsPage, allergensPage],
  photos: demoPhotos,
};
