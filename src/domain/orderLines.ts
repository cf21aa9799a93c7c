/** How an order's line is named to people: the dish, and its option when it has one ("Chicken Chow Mein (Large)"). */
export function lineTitle(line: { title: string; configOption?: string | null }): string {
  return line.configOption ? `${line.title} (${line.configOption})` : line.title;
}
