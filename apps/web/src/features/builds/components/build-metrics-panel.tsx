import type { BuildSummary } from '@nuage/shared/build-types';
import { buildMetricsTexts as texts } from '@nuage/shared/messages/build-metrics';
import type { BuildMetrics } from '@nuage/shared/schemas/responses/build-metrics';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { TimeChart, type ChartSeries } from '@/components/charts/time-chart';
import { Badge } from '@/components/ui/badge';
import { formatNumber } from '@/lib/format';
import { buildMetricsQueryOptions } from '../api/get-build-metrics';

const USED = 'text-blue-600 dark:text-blue-400';
const LIMIT = 'text-red-600 dark:text-red-400';
const MUTED = 'text-sm text-slate-600 dark:text-slate-400';

/** Each chart's series: what the build used against what every build may use. */
function chartsOf(m: BuildMetrics) {
  const withLimit = (used: number[], limit: number): ChartSeries[] => [
    { label: texts.used, values: used, swatch: USED, filled: true },
    { label: texts.limit, values: used.map(() => limit), swatch: LIMIT, dashed: true },
  ];
  return {
    cpu: withLimit(m.series.cpu_milli, m.limits.cpu_milli),
    ram: withLimit(m.series.ram_mb, m.limits.ram_mb),
  };
}

const figure = (v: number | null) => (v === null ? '—' : formatNumber(v));

/**
 * « Ressources du build » (issue 28 item 1): the CPU and memory a build used while it ran,
 * sampled every few seconds, its peaks, against the limits every build runs under.
 */
export function BuildMetricsPanel({ build }: { build: Pick<BuildSummary, 'build_id' | 'status'> }) {
  const query = useQuery(buildMetricsQueryOptions(build.build_id, build.status));
  const m = query.data;
  const charts = useMemo(() => (m ? chartsOf(m) : null), [m]);
  const titleId = useId();
  const hasPoints = !!m && m.series.at.length > 0;
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h4 id={titleId} className="text-sm font-semibold">
          {texts.title}
        </h4>
        {m?.simulated && <Badge tone="purple">{texts.simulated}</Badge>}
        {m && m.peak.cpu_milli !== null && (
          <span className="text-sm tabular-nums">
            {texts.peaks(figure(m.peak.cpu_milli), figure(m.peak.ram_mb))}
          </span>
        )}
        {m && (
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {texts.every(m.interval_seconds)}
          </span>
        )}
      </div>
      {m?.simulated && (
        <p className="text-sm text-violet-800 dark:text-violet-200">{texts.simulatedNotice}</p>
      )}
      {m?.notice && <p className="text-sm text-amber-800 dark:text-amber-300">{m.notice}</p>}
      {query.isPending && <p className={MUTED}>{texts.loading}</p>}
      {query.isError && <p className={MUTED}>{texts.unavailable}</p>}
      {m && !hasPoints && !m.notice && (
        <p className={MUTED}>
          {m.status === 'running' || m.status === 'queued' ? texts.waiting : texts.notRun}
        </p>
      )}
      {m && charts && hasPoints && (
        <div className="grid gap-4 md:grid-cols-2">
          <TimeChart
            title={`${texts.cpuTitle} (${texts.cpuUnit})`}
            unit={texts.cpuUnit}
            at={m.series.at}
            series={charts.cpu}
            summary={texts.summary(texts.cpuTitle, m.peak.cpu_milli ?? 0, m.limits.cpu_milli)}
          />
          <TimeChart
            title={`${texts.ramTitle} (${texts.ramUnit})`}
            unit={texts.ramUnit}
            at={m.series.at}
            series={charts.ram}
            summary={texts.summary(texts.ramTitle, m.peak.ram_mb ?? 0, m.limits.ram_mb)}
          />
        </div>
      )}
    </section>
  );
}
