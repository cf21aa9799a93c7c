/** London's calendar, as the restaurant keeps it, `days` from today: the day as YYYY-MM-DD and its weekday. */
export function londonDate(days: number): { iso: string; weekday: string } {
  const day = new Date(Date.now() + days * 86_400_000);
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(day);
  const weekday = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long' }).format(day);
  return { iso, weekday };
}

/**
 * A day a few days ahead on which the demo restaurant opens (it is closed on Mondays), so that its times do not
 * depend on the hour the tests run.
 */
export function openDayAhead(): string {
  const day = londonDate(3);
  return day.weekday === 'Monday' ? londonDate(4).iso : day.iso;
}

/** The instant London's clock shows `time` (HH:MM) on `date` (YYYY-MM-DD), in GMT or BST. */
export function londonAt(date: string, time: string): Date {
  const asUtc = new Date(`${date}T${time}:00Z`);
  const shownHour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' }).format(asUtc));
  return new Date(asUtc.getTime() - (shownHour - asUtc.getUTCHours()) * 3_600_000);
}
