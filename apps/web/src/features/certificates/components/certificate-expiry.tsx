import { CERTIFICATE_EXPIRY_WARNING_DAYS, daysUntil } from '@nuage/shared/certificate-types';
import { cn } from '@/components/ui/cn';
import { formatDate } from '@/lib/format';

/** « 12 jours restants », « 1 jour restant », « Expiré » once past. */
export function daysLeftText(days: number): string {
  if (days < 0) return 'Expiré';
  return days > 1 ? `${days} jours restants` : `${days} jour restant`;
}

/** SPEC §9: the fr-FR expiry date, red with the days left at 30 days or fewer. */
export function CertificateExpiry({
  expiresAt,
  now,
}: {
  expiresAt: string | null;
  /** For tests and a stable render; the current time by default. */
  now?: Date;
}) {
  if (!expiresAt) {
    return <span className="text-slate-500 dark:text-slate-400">En attente d'émission</span>;
  }
  const days = daysUntil(expiresAt, now);
  const soon = days <= CERTIFICATE_EXPIRY_WARNING_DAYS;
  return (
    <span
      className={cn(
        'inline-flex flex-wrap items-baseline gap-x-1.5',
        soon && 'font-medium text-red-600 dark:text-red-400',
      )}
      data-expiry-warning={soon || undefined}
    >
      <time dateTime={expiresAt}>{formatDate(expiresAt)}</time>
      {soon && <span>({daysLeftText(days)})</span>}
    </span>
  );
}
