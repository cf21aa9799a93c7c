import type { components } from '../api/schema.gen';

type Allergen = components['schemas']['Allergen'];

// The allergens a customer names in their notes or a dish's special request (docs/printing.md): the order has no
// field of its own for them, so the ticket finds them in what the customer wrote and prints them where no cook can
// miss them. The words are the ones customers use ("no prawns", "nut allergy"), matched as whole words.

const ALLERGEN_WORDS: Readonly<Record<Allergen, RegExp>> = {
  celery: /\bceler(y|iac)\b/i,
  'cereals-containing-gluten': /\b(gluten|wheat|coeliac|celiac|barley|rye)\b/i,
  crustaceans: /\b(crustaceans?|prawns?|shrimps?|crabs?|lobsters?|shellfish)\b/i,
  eggs: /\beggs?\b/i,
  fish: /\bfish\b/i,
  lupin: /\blupin\b/i,
  milk: /\b(milk|dairy|lactose)\b/i,
  molluscs: /\b(molluscs?|squid|mussels?|oysters?|clams?|scallops?|shellfish)\b/i,
  mustard: /\bmustard\b/i,
  peanuts: /\b(peanuts?|groundnuts?)\b/i,
  sesame: /\bsesame\b/i,
  soya: /\b(soya?|soybeans?)\b/i,
  sulphites: /\b(sulphites?|sulfites?|sulphur)\b/i,
  'tree-nuts': /\b(nuts?|tree ?nuts?|almonds?|cashews?|walnuts?|hazelnuts?|pecans?|pistachios?|macadamias?)\b/i,
};

const ALLERGY_WORDS = /\b(allerg(y|ies|ic)|intoleran(t|ce)|anaphyla\w*)\b/i;

export interface AllergyNote {
  /** The allergens named, in the law's order. */
  allergens: Allergen[];
  /** The customer said "allergy" or "intolerant" somewhere, even without naming one of the 14. */
  mentionsAllergy: boolean;
}

export function allergyNoteOf(texts: readonly string[]): AllergyNote {
  const written = texts.join('\n');
  const allergens = (Object.keys(ALLERGEN_WORDS) as Allergen[]).filter((allergen) => ALLERGEN_WORDS[allergen].test(written));
  return { allergens, mentionsAllergy: ALLERGY_WORDS.test(written) };
}
