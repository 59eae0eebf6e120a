import { isTimeZone, nextRuns, parseCron } from '@nuage/shared/cron';
import { describeSchedule } from '@nuage/shared/cron-preview';

/**
 * The live French reading of a schedule as it is typed (« tous les jours à 02:00 ») and its
 * next three runs in the chosen time zone; the parser's French error while it is wrong.
 * The same functions as the API's (packages/shared/src/cron*.ts).
 */
export function SchedulePreview({
  expression,
  timeZone,
}: {
  expression: string;
  timeZone: string;
}) {
  const parsed = parseCron(expression);
  if (!parsed.ok) {
    return (
      <p className="text-sm text-amber-700 dark:text-amber-400" data-testid="schedule-preview">
        {parsed.error}
      </p>
    );
  }
  const zone = isTimeZone(timeZone) ? timeZone : null;
  const next = zone ? nextRuns(parsed.schedule, zone, new Date(), 3) : [];
  const format = zone
    ? new Intl.DateTimeFormat('fr-FR', {
        dateStyle: 'full',
        timeStyle: 'short',
        timeZone: zone,
      })
    : null;
  return (
    <div
      className="rounded-md bg-blue-50 p-3 text-sm text-blue-900 dark:bg-blue-950 dark:text-blue-100"
      data-testid="schedule-preview"
      aria-live="polite"
    >
      <p className="font-medium">
        {describeSchedule(parsed.schedule)}
        {zone && <span className="font-normal"> (fuseau {zone})</span>}
      </p>
      {format && next.length > 0 && (
        <p className="mt-1 text-blue-800 dark:text-blue-200">
          Prochaines exécutions : {next.map((d) => format.format(d)).join(' · ')}
        </p>
      )}
    </div>
  );
}
