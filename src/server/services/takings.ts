import { londonDaysInstants, takingsOf, validateTakingsRange, type Takings, type TakingsRange } from '../domain/takings';
import { ApiError } from '../errors';
import type { ServiceContext } from './serviceContext';

// The owner's takings (docs/back-office.md, "Takings"): the orders placed between two London dates, and their totals.

/** The takings of the range asked for; a range that is not two dates, runs backwards or is too long is refused (400). */
export async function takingsIn({ repositories }: ServiceContext, asked: TakingsRange): Promise<{ range: TakingsRange; takings: Takings }> {
  const validated = validateTakingsRange({ from: asked.from, to: asked.to });
  if (!validated.ok) throw new ApiError(400, null, validated.failures);
  const { fromInstant, beforeInstant } = londonDaysInstants(validated.value);
  return { range: validated.value, takings: takingsOf(await repositories.takings.ordersPlaced(fromInstant, beforeInstant)) };
}
