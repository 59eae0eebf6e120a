/**
 * Dates typed by people or sent by clients: `AAAA-MM-JJ` (a date input), optionally followed by
 * a time (`T10:30`, `T10:30:00.000Z`, `+01:00`). A date must exist on the calendar: JavaScript
 * reads `2024-02-30` as 1 March and `2024-99-99` as no date at all, neither of which the user
 * meant (the second used to crash a query, the first to filter on the wrong day).
 */
export const DATE_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

export function isRealDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    !Number.isNaN(Date.parse(text))
  );
}
