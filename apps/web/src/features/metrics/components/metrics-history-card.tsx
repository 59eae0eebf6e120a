import { metricsHistoryTexts as texts } from '@nuage/shared/messages/metrics-history';
import { metricsRanges, type MetricsRange } from '@nuage/shared/schemas/metrics-history';
import type { MetricsHistory } from '@nuage/shared/schemas/responses/metrics-history';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { formatNumber } from '@/lib/format';
import { metricsHistoryQueryOptions } from '../api/get-metrics-history';
import { TimeChart, type ChartSeries } from './time-chart';

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
  };
}

/**
 * « Historique des ressources » (issue 28 item 4): CPU and memory against what the application
 * reserves, and its network, over 1 h to 30 days, from the stored samples and roll-ups.
 */
export function MetricsHistoryCard({ deploymentId }: { deploymentId: string }) {
  const [range, setRange] = useState<MetricsRange>('24h');
  const query = useQuery(metricsHistoryQueryOptions(deploymentId, range));
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
        <div role="group" aria-label={texts.rangeLabel} className="flex flex-wrap gap-1">
          {metricsRanges.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={r === range}
              onClick={() => setRange(r)}
              className={cn(
                'rounded-md px-3 py-1 text-sm font-medium',
                r === range
                  ? 'bg-blue-600 text-white'
                  : 'bg-slate-100 text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700',
              )}
            >
              {texts.ranges[r]}
            </button>
          ))}
        </div>
        {h?.simulated && (
          <p className="text-sm text-violet-800 dark:text-violet-200">{texts.simulatedNotice}</p>
        )}
        {h?.notice && <p className="text-sm text-amber-800 dark:text-amber-300">{h.notice}</p>}
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
          </div>
        )}
      </CardBody>
    </Card>
  );
}
