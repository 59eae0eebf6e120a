import { uptimeTexts } from '@nuage/shared/messages/uptime';
import type { ApplicationUptime } from '@nuage/shared/schemas/responses/uptime';
import { formatPercent } from '@nuage/shared/uptime-math';
import { useQuery } from '@tanstack/react-query';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { uptimeQueryOptions } from '../api/get-uptime';
import { DayBars } from './day-bars';
import { IncidentsList } from './incidents-list';
import { UptimeSettingsForm } from './uptime-settings-form';

const stateTone: Record<ApplicationUptime['etat'], BadgeTone> = {
  up: 'green',
  down: 'red',
  unknown: 'grey',
};

function lastCheckText(u: ApplicationUptime): string {
  const last = u.derniere_verification;
  if (!last) return uptimeTexts.noData;
  const what = last.ok
    ? last.code_http === null
      ? 'en ligne'
      : `code HTTP ${last.code_http}`
    : (last.raison ?? 'échec');
  const time = u.simule ? '' : ` en ${last.duree_ms} ms`;
  return `Dernière vérification : ${formatDateTime(last.date)} — ${what}${time}`;
}

/**
 * « Disponibilité »: the platform's checks of the application's address over 30 days, the daily
 * bars, the incidents and, for developers and admins, what is checked.
 */
export function UptimeCard({
  deploymentId,
  canManage,
}: {
  deploymentId: string;
  canManage: boolean;
}) {
  const uptime = useQuery(uptimeQueryOptions(deploymentId));
  const u = uptime.data;
  return (
    <Card role="region" aria-labelledby="uptime-title">
      <CardHeader
        title={<span id="uptime-title">{uptimeTexts.cardTitle}</span>}
        description={uptimeTexts.cardDescription(
          uptimeTexts.every(u?.reglages.intervalle_secondes ?? 60),
        )}
        actions={
          u && (
            <div className="flex gap-2">
              {u.simule && <Badge tone="purple">simulé</Badge>}
              <Badge tone={stateTone[u.etat]}>{uptimeTexts.states[u.etat]}</Badge>
            </div>
          )
        }
      />
      <CardBody className="space-y-4">
        {uptime.isError && (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            Disponibilité indisponible pour le moment.
          </p>
        )}
        {u && (
          <>
            {u.simule && (
              <p className="text-sm text-violet-800 dark:text-violet-200">
                {uptimeTexts.simulatedNotice}
              </p>
            )}
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="text-3xl font-semibold tabular-nums">
                {formatPercent(u.pourcentage_30_jours)}
              </span>
              <span className="text-sm text-slate-500 dark:text-slate-400">sur 30 jours</span>
            </div>
            <DayBars
              days={u.jours}
              summary={`Disponibilité par jour, 30 derniers jours : ${formatPercent(u.pourcentage_30_jours)}`}
            />
            <p className="text-sm text-slate-600 dark:text-slate-300">{lastCheckText(u)}</p>
            <div className="space-y-1">
              <h3 className="text-sm font-semibold">Incidents</h3>
              <IncidentsList incidents={u.incidents} />
            </div>
            {/* The simulation requests nothing: no path nor timeout to speak of. */}
            {!u.simule && (
              <p className="text-xs text-slate-500 dark:text-slate-400">
                Vérifie <code>GET {u.reglages.chemin}</code>{' '}
                {uptimeTexts.every(u.reglages.intervalle_secondes)} ; attendu :{' '}
                {u.reglages.code_attendu ?? uptimeTexts.anyGoodStatus} ; délai{' '}
                {u.reglages.delai_secondes} s.
              </p>
            )}
            {canManage && !u.simule && (
              <details className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
                <summary className="cursor-pointer text-sm font-medium">
                  Réglages de la vérification
                </summary>
                <div className="mt-3">
                  <UptimeSettingsForm deploymentId={deploymentId} settings={u.reglages} />
                </div>
              </details>
            )}
          </>
        )}
      </CardBody>
    </Card>
  );
}
