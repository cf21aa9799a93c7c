import type {
  DemoDeliveryZone,
  DemoOpeningPeriod,
  DemoRestaurant,
  DemoTakeawaySettings,
} from './demoDataShape';

// A fictional restaurant. The phone number is in Ofcom's range reserved for drama (0113 496 0xxx),
// so it can never ring a real person.

export const goldenDragonRestaurant: DemoRestaurant = {
  restaurantId: 1,
  tradingName: 'Golden Dragon',
  tagline: 'Cantonese & Peking cuisine',
  address1: '12 Market Street',
  address2: 'Headingley',
  town: 'Leeds',
  county: 'West Yorkshire',
  postCode: 'LS6 2AB',
  phone: '0113 496 0123',
  email: 'hello@goldendragon-headingley.example',
  onlineOrderingAllowed: true,
  appStoreUrl: 'https://apps.apple.com/gb/app/golden-dragon-headingley/id0000000000',
  googlePlayUrl: 'https://play.google.com/store/apps/details?id=uk.example.goldendragon',
};

export const goldenDragonTakeawaySettings: DemoTakeawaySettings = {
  allowCollection: true,
  allowOrdering: true,
  allowCashPayment: true,
  // Larger orders are taken by phone: a big cash order is the one most often never collected.
  maximumCashOrderPence: 15_000,
  maximumOrderPence: 50_000,
  minimumCollectionOrderPence: 1000,
  minimumFreeOrderPence: 1500,
  standardDeliveryChargePence: 250,
  bagChargePence: 10,
  collectionLeadMinutes: 20,
  deliveryLeadMinutes: 45,
};

const tuesdayToThursday = [2, 3, 4].map((day) => ({ day, opens: '17:00', closes: '22:30' }));

// Closed on Mondays (day 1).
export const goldenDragonOpeningHours: DemoOpeningPeriod[] = [
  { day: 0, opens: '16:00', closes: '22:00' },
  ...tuesdayToThursday,
  { day: 5, opens: '17:00', closes: '23:30' },
  { day: 6, opens: '17:00', closes: '23:30' },
];

export const goldenDragonDeliveryZones: DemoDeliveryZone[] = [
  { deliveryZoneId: 1, postcodeDistrict: 'LS6', zoneName: 'Headingley & Hyde Park', deliveryChargePence: 150, minimumOrderPence: 1200 },
  { deliveryZoneId: 2, postcodeDistrict: 'LS4', zoneName: 'Burley & Kirkstall Road', deliveryChargePence: 200, minimumOrderPence: 1500 },
  { deliveryZoneId: 3, postcodeDistrict: 'LS2', zoneName: 'University & Woodhouse', deliveryChargePence: 200, minimumOrderPence: 1500 },
  { deliveryZoneId: 4, postcodeDistrict: 'LS3', zoneName: 'Burley Park & Little London', deliveryChargePence: 250, minimumOrderPence: 1500 },
  { deliveryZoneId: 5, postcodeDistrict: 'LS5', zoneName: 'Kirkstall', deliveryChargePence: 250, minimumOrderPence: 1500 },
  { deliveryZoneId: 6, postcodeDistrict: 'LS7', zoneName: 'Chapel Allerton & Meanwood Road', deliveryChargePence: 250, minimumOrderPence: 1500 },
  { deliveryZoneId: 7, postcodeDistrict: 'LS1', zoneName: 'City Centre', deliveryChargePence: 300, minimumOrderPence: 1800 },
  { deliveryZoneId: 8, postcodeDistrict: 'LS16', zoneName: 'Adel, Cookridge & Lawnswood', deliveryChargePence: 350, minimumOrderPence: 2000 },
  { deliveryZoneId: 9, postcodeDistrict: 'LS17', zoneName: 'Alwoodley & Moortown', deliveryChargePence: 400, minimumOrderPence: 2500 },
];
