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
