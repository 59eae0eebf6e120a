import { metricsHistoryTexts as texts } from '@nuage/shared/messages/metrics-history';
import type { MetricsRange } from '@nuage/shared/schemas/metrics-history';
import type { MetricsHistory } from '@nuage/shared/schemas/responses/metrics-history';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';
import { metricsHistoryQueryOptions } from '../api/get-metrics-history';
import { RangePicker } from './range-picker';
import { ServicePicker } from './service-picker';
import { TimeChart, type ChartSeries } from '@/components/charts/time-chart';

const USED = 'text-blue-600 dark:text-blue-400';
const PEAK = 'text-amber-600 dark:text-amber-400';
const LIMIT = 'text-red-600 dark:text-red-400';
const RECEIVED = 'text-emerald-600 dark:text-emerald-400';
const SENT = 'text-violet-600 dark:text-violet-400';

const kilobytes = (v: number | null) => (v === null ? null : Math.round(v / 100) / 10);
const max = (values: (number | null)[]) => Math.max(0, ...values.map((v) => v ?? 0));

/** The three charts' series, built once per answer (the charts redraw when they change). */
function chartsOf(h: MetricsHistory) {
  const s = h.series;
  // A raw sample is its own peak: the peak line shows from the 5-minute averages on.
  const withLimit = (used: number[], peak: number[], limit: number): ChartSeries[] => [
    { label: texts.used, values: used, swatch: USED, filled: true },
    ...(h.resolution === 'raw' ? [] : [{ label: texts.peak, values: peak, swatch: PEAK }]),
    { label: texts.limit, values: used.map(() => limit), swatch: LIMIT, dashed: true },
  ];
  return {
    cpu: withLimit(s.cpu_milli, s.cpu_milli_max, h.limits.cpu_milli),
    ram: withLimit(s.ram_mb, s.ram_mb_max, h.limits.ram_mb),
    network: [
      { label: texts.received, values: s.rx_bps.map(kilobytes), swatch: RECEIVED, filled: true },
      { label: texts.sent, values: s.tx_bps.map(kilobytes), swatch: SENT },
    ],
    // Measured every few minutes: null where a sample carries no disk measure.
    disk: s.disk_used_mb.some((v) => v !== null)
      ? ([
          { label: texts.used, values: s.disk_used_mb, swatch: USED, filled: true },
          {
            label: texts.limit,
            values: s.at.map(() => h.limits.disk_mb),
            swatch: LIMIT,
            dashed: true,
          },
        ] satisfies ChartSeries[])
      : null,
  };
}

/** The last disk measure: the fullest volume's %. */
const lastOf = (values: (number | null)[]) => values.findLast((v) => v !== null) ?? null;

/**
 * « Historique des ressources » (issue 28 item 4): CPU and memory against what the application
 * reserves, its network, and its volumes' disk against its storage, over 1 h to 30 days, from
 * the stored samples and roll-ups. A Compose application's (`services`) can be shown service by
 * service (issue 30 item 2), each against its own limits.
 */
export function MetricsHistoryCard({
  deploymentId,
  services,
}: {
  deploymentId: string;
  /** A Compose application's services, by name: the picker offers them. */
  services?: string[] | undefined;
}) {
  const [range, setRange] = useState<MetricsRange>('24h');
  const [service, setService] = useState<string | null>(null);
  const query = useQuery(metricsHistoryQueryOptions(deploymentId, range, service));
  const h = query.data;
  const charts = useMemo(() => (h ? chartsOf(h) : null), [h]);
  return (
    <Card role="region" aria-labelledby="metrics-history-title">
      <CardHeader
        title={<span id="metrics-history-title">{texts.cardTitle}</span>}
        description={h ? texts.resolution[h.resolution](h.step_seconds) : undefined}
        actions={h?.simulated && <Badge tone="purple">{texts.simulated}</Badge>}
      />
      <CardBody className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <RangePicker range={range} onChange={setRange} />
          {services && services.length > 0 && (
            <ServicePicker services={services} service={service} onChange={setService} />
          )}
        </div>
        {h?.simulated && (
          <p className="text-sm text-violet-800 dark:text-violet-200">{texts.simulatedNotice}</p>
        )}
        {h?.notice && <p className="text-sm text-amber-800 dark:text-amber-300">{h.notice}</p>}
        {h?.disk_notice && (
          <p className="text-sm text-amber-800 dark:text-amber-300">{h.disk_notice}</p>
        )}
        {query.isPending && (
          <p className="text-sm text-slate-600 dark:text-slate-400">{texts.loading}</p>
        )}
        {query.isError && (
          <p className="text-sm text-slate-600 dark:text-slate-400">{texts.unavailable}</p>
        )}
        {h && charts && h.series.at.length === 0 && !h.notice && (
          <p className="text-sm text-slate-600 dark:text-slate-400">{texts.empty}</p>
        )}
        {h && charts && h.series.at.length > 0 && (
          <div className="grid gap-6 xl:grid-cols-2">
            <TimeChart
              title={`${texts.cpuTitle} (${texts.cpuUnit})`}
              unit={texts.cpuUnit}
              at={h.series.at}
              series={charts.cpu}
              summary={texts.summary(
                texts.cpuTitle,
                max(h.series.cpu_milli_max),
                h.limits.cpu_milli,
              )}
            />
            <TimeChart
              title={`${texts.ramTitle} (${texts.ramUnit})`}
              unit={texts.ramUnit}
              at={h.series.at}
              series={charts.ram}
              summary={texts.summary(texts.ramTitle, max(h.series.ram_mb_max), h.limits.ram_mb)}
            />
            <TimeChart
              title={`${texts.networkTitle} (${texts.networkUnit})`}
              unit={texts.networkUnit}
              at={h.series.at}
              series={charts.network}
              summary={texts.networkSummary(
                formatNumber(max(charts.network[0]!.values)),
                formatNumber(max(charts.network[1]!.values)),
              )}
            />
            {charts.disk ? (
              <div className="space-y-1">
                <TimeChart
                  title={`${texts.diskTitle} (${texts.diskUnit})`}
                  unit={texts.diskUnit}
                  at={h.series.at}
                  series={charts.disk}
                  summary={texts.summary(
                    texts.diskTitle,
                    max(h.series.disk_used_mb),
                    h.limits.disk_mb,
                  )}
                />
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {texts.diskFullest(lastOf(h.series.disk_percent) ?? 0)}
                </p>
              </div>
            ) : (
              !h.disk_notice && (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {h.service ? texts.diskWholeApplication : texts.diskNotMeasured}
                </p>
              )
            )}
          </div>
        )}
      </CardBody>
    </Card>
  );
}
