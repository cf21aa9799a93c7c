import { describe, expect, it } from 'vitest';
import { goldenDragonDemoData } from '../../src/server/db/seed/demoData';
import type { Allergen } from '../../src/server/db/seed/demoDataShape';

const { restaurant, takeawaySettings, openingHours, deliveryZones, menu, pages } = goldenDragonDemoData;
const items = menu.categories.flatMap((category) => category.items);

const animalAllergens: Allergen[] = ['crustaceans', 'fish', 'molluscs'];
const animalProductAllergens: Allergen[] = [...animalAllergens, 'eggs', 'milk'];

describe('the demo data', () => {
  it('is a fictional restaurant with a drama phone number and a UK address', () => {
    expect(restaurant.tradingName).toBe('Golden Dragon');
    // Ofcom keeps 0113 496 0000–0999 for drama: it can never ring a real line.
    expect(restaurant.phone).toMatch(/^0113 496 0\d{3}$/);
    expect(restaurant.postCode).toMatch(/^[A-Z]{1,2}\d{1,2}[A-Z]? \d[A-Z]{2}$/);
    expect(restaurant.email).toMatch(/^[^@\s]+@[^@\s]+\.example$/);
  });

  it('opens on six days with valid times, closed on Monday', () => {
    expect(openingHours.map((period) => period.day).sort()).toEqual([0, 2, 3, 4, 5, 6]);
    for (const period of openingHours) {
      expect(period.opens).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect(period.closes).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
    }
  });

  it('delivers to 6 to 10 Leeds postcode districts, each with a charge and a minimum at least the collection minimum', () => {
    expect(deliveryZones.length).toBeGreaterThanOrEqual(6);
    expect(deliveryZones.length).toBeLessThanOrEqual(10);
    expect(new Set(deliveryZones.map((zone) => zone.postcodeDistrict)).size).toBe(deliveryZones.length);
    expect(new Set(deliveryZones.map((zone) => zone.deliveryZoneId)).size).toBe(deliveryZones.length);
    for (const zone of deliveryZones) {
      expect(zone.postcodeDistrict).toMatch(/^LS\d{1,2}$/);
      expect(Number.isInteger(zone.deliveryChargePence) && zone.deliveryChargePence > 0).toBe(true);
      expect(zone.minimumOrderPence).toBeGreaterThanOrEqual(takeawaySettings.minimumCollectionOrderPence);
    }
    expect(deliveryZones.some((zone) => restaurant.postCode.startsWith(`${zone.postcodeDistrict} `))).toBe(true);
  });

  it('has unique ids and whole-pence prices throughout the menu', () => {
    const categoryIds = menu.categories.map((category) => category.categoryId);
    expect(new Set(categoryIds).size).toBe(categoryIds.length);
    const configItems = items.flatMap((item) => item.configItems ?? []);
    expect(new Set(items.map((item) => item.itemId)).size).toBe(items.length);
    expect(new Set(configItems.map((option) => option.configId)).size).toBe(configItems.length);
    for (const item of items) {
      expect(Number.isInteger(item.costPence) && item.costPence > 0).toBe(true);
      const labels = (item.configItems ?? []).map((option) => option.label);
      expect(new Set(labels).size).toBe(labels.length);
    }
    for (const option of configItems) expect(Number.isInteger(option.extraCostPence) && option.extraCostPence >= 0).toBe(true);
  });

  it('labels dishes consistently with their allergens', () => {
    for (const item of items) {
      const dietary = item.dietary ?? [];
      if (dietary.includes('vegan')) {
        expect(dietary, item.title).toContain('vegetarian');
        expect(item.allergens.filter((allergen) => animalProductAllergens.includes(allergen)), item.title).toEqual([]);
      }
      if (dietary.includes('vegetarian')) {
        expect(item.allergens.filter((allergen) => animalAllergens.includes(allergen)), item.title).toEqual([]);
      }
      expect(dietary.includes('spicy') && dietary.includes('hot'), item.title).toBe(false);
    }
  });

  it('seeds the gallery, the four content pages with routes of their own, and one page the restaurant added', () => {
    expect(pages.map((page) => page.pageName)).toEqual(['Gallery', 'privacy', 'cookies', 'terms', 'about-us', 'allergens']);
  });
});
