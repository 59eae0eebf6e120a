/** XOF with fr-FR grouping: base-unit amounts are converted (×655, rounded) by the caller or server. */
const xof = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

export function formatXof(amount: number): string {
  return `${xof.format(Math.round(amount))} XOF`;
}

const longDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const longDateTime = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** SPEC §9: dates in French long format. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? '—' : longDate.format(d);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? '—' : longDateTime.format(d);
}

const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
export function formatNumber(value: number): string {
  return decimal.format(value);
}

const ago = new Intl.RelativeTimeFormat('fr-FR', { style: 'short', numeric: 'always' });
const AGE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', Infinity],
];

/** How long ago, in the largest whole unit: « il y a 20 s », « il y a 2 h », « il y a 3 j ». */
export function formatAge(value: string | Date, now: Date = new Date()): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '—';
  // A clock slightly ahead of the browser's still reads as just now, never « dans 2 s ».
  let amount = Math.max(0, Math.floor((now.getTime() - d.getTime()) / 1000));
  for (const [unit, size] of AGE_STEPS) {
    if (amount < size) return ago.format(-amount, unit);
    amount = Math.floor(amount / size);
  }
  return '—';
}
