import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';

// Seconds matter here: a restart and its pods' start are a few seconds apart.
const stamp = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'medium' });

/** The application's short history (newest first), in French, as the engine records it. */
export function EventsCard({ events }: { events: DeploymentDetail['events'] }) {
  return (
    <Card role="region" aria-labelledby="events-title">
      <CardHeader title={<span id="events-title">Historique</span>} />
      <CardBody>
        {events.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">Aucun événement.</p>
        ) : (
          <ol className="space-y-2 text-sm">
            {events.map((e, i) => (
              <li key={`${e.at}-${i}`} className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
                <time
                  dateTime={e.at}
                  className="shrink-0 text-xs text-slate-500 sm:w-44 dark:text-slate-400"
                >
                  {stamp.format(new Date(e.at))}
                </time>
                <span>{e.message}</span>
              </li>
            ))}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}
