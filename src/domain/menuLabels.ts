import type { components } from '../api/schema.gen';

type Allergen = components['schemas']['Allergen'];
type Dietary = components['schemas']['DietaryLabel'];

/** The 14 allergens of UK food information law, by the names the law uses. */
const ALLERGEN_NAMES: Readonly<Record<Allergen, string>> = {
  celery: 'Celery',
  'cereals-containing-gluten': 'Cereals containing gluten',
  crustaceans: 'Crustaceans',
  eggs: 'Eggs',
  fish: 'Fish',
  lupin: 'Lupin',
  milk: 'Milk',
  molluscs: 'Molluscs',
  mustard: 'Mustard',
  peanuts: 'Peanuts',
  sesame: 'Sesame',
  soya: 'Soya',
  sulphites: 'Sulphur dioxide and sulphites',
  'tree-nuts': 'Tree nuts',
};

const DIETARY_NAMES: Readonly<Record<Dietary, string>> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  spicy: 'Spicy',
  hot: 'Hot',
};

/** The 14 allergens in the order the law lists them, and the dietary labels: what the owner's dish form offers. */
export const ALLERGENS = Object.keys(ALLERGEN_NAMES) as Allergen[];
export const DIETARY_LABELS = Object.keys(DIETARY_NAMES) as Dietary[];

export function allergenName(allergen: Allergen): string {
  return ALLERGEN_NAMES[allergen];
}

export function dietaryName(dietary: Dietary): string {
  return DIETARY_NAMES[dietary];
}
