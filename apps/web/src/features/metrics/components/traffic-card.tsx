import { trafficTexts as texts } from '@nuage/shared/messages/traffic-metrics';
import type { MetricsRange } from '@nuage/shared/schemas/metrics-history';
import type { TrafficHistory } from '@nuage/shared/schemas/responses/traffic-metrics';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { formatNumber } from '@/lib/format';
import { trafficQueryOptions } from '../api/get-traffic';
import { RangePicker } from './range-picker';
import { TimeChart, type ChartSeries } from '@/components/charts/time-chart';

const REQUESTS = 'text-blue-600 dark:text-blue-400';
const OK = 'text-emerald-600 dark:text-emerald-400';
const REDIRECT = 'text-sky-600 dark:text-sky-400';
const CLIENT_ERROR = 'text-amber-600 dark:text-amber-400';
const SERVER_ERROR = 'text-red-600 dark:text-red-400';
const MEDIAN = 'text-violet-600 dark:text-violet-400';
const P95 = 'text-fuchsia-600 dark:text-fuchsia-400';

/** The totals' labels: the swatches' hues, dark enough to read as text on the card (4.5:1). */
const LABEL = {
  total: 'text-blue-700 dark:text-blue-300',
  ok: 'text-emerald-700 dark:text-emerald-300',
  redirect: 'text-sky-700 dark:text-sky-300',
  clientError: 'text-amber-700 dark:text-amber-300',
  serverError: 'text-red-700 dark:text-red-300',
};

const max = (values: (number | null)[]) => Math.max(0, ...values.map((v) => v ?? 0));

/** The three charts' series, built once per answer (the charts redraw when they change). */
function chartsOf(h: TrafficHistory) {
  const s = h.series;
  const requests: ChartSeries[] = [
    { label: texts.requestsUnit, values: s.requests_per_minute, swatch: REQUESTS, filled: true },
  ];
  const status: ChartSeries[] = [
    { label: '2xx', values: s.status_2xx, swatch: OK },
    { label: '3xx', values: s.status_3xx, swatch: REDIRECT },
    { label: '4xx', values: s.status_4xx, swatch: CLIENT_ERROR },
    { label: '5xx', values: s.status_5xx, swatch: SERVER_ERROR },
  ];
  const latency: ChartSeries[] = [
    { label: texts.p50, values: s.p50_ms, swatch: MEDIAN, filled: true },
    { label: texts.p95, values: s.p95_ms, swatch: P95, dashed: true },
  ];
  return { requests, status, latency };
}

/**
 * « Trafic » (issue 28 item 2): requests per minute, responses per status class and response
 * times (median and p95) over 1 h to 30 days, as the edge (Caddy, ingress-nginx) saw them.
 */
export function TrafficCard({ deploymentId }: { deploymentId: string }) {
  const [range, setRange] = useState<MetricsRange>('24h');
  const query = useQuery(trafficQueryOptions(deploymentId, range));
  const h = query.data;
  const charts = useMemo(() => (h ? chartsOf(h) : null), [h]);
  const description = h
    ? `${texts.source[h.source]}, ${texts.resolution[h.resolution]()}`
    : undefined;
  return (
    <Card role="region" aria-labelledby="traffic-title">
      <CardHeader
        title={<span id="traffic-title">{texts.cardTitle}</span>}
        description={description}
        actions={h?.simulated && <Badge tone="purple">{texts.simulated}</Badge>}
      />
      <CardBody className="space-y-4">
        <RangePicker range={range} onChange={setRange} />
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
        {h && h.totals.requests === 0 && !h.notice && (
          <p className="text-sm text-slate-600 dark:text-slate-400">{texts.empty}</p>
        )}
        {h && charts && h.totals.requests > 0 && (
          <>
            <dl className="grid grid-cols-3 gap-2 text-sm sm:grid-cols-5">
              {(
                [
                  [texts.total, h.totals.requests, LABEL.total],
                  ['2xx', h.totals.status_2xx, LABEL.ok],
                  ['3xx', h.totals.status_3xx, LABEL.redirect],
                  ['4xx', h.totals.status_4xx, LABEL.clientError],
                  ['5xx', h.totals.status_5xx, LABEL.serverError],
                ] as const
              ).map(([label, value, colour]) => (
                <div key={label} className="rounded-md bg-slate-50 px-2 py-1 dark:bg-slate-800/60">
                  <dt className={cn('text-xs font-medium', colour)}>{label}</dt>
                  <dd className="font-semibold tabular-nums">{formatNumber(value)}</dd>
                </div>
              ))}
            </dl>
            <div className="grid gap-6 xl:grid-cols-2">
              <TimeChart
                title={texts.requestsTitle}
                unit={texts.requestsUnit}
                at={h.series.at}
                series={charts.requests}
                summary={texts.requestsSummary(
                  max(h.series.requests_per_minute),
                  h.totals.requests,
                )}
              />
              <TimeChart
                title={`${texts.statusTitle}`}
                unit={texts.statusUnit}
                at={h.series.at}
                series={charts.status}
                summary={texts.statusSummary(
                  h.totals.status_2xx,
                  h.totals.status_3xx,
                  h.totals.status_4xx,
                  h.totals.status_5xx,
                )}
              />
              <TimeChart
                title={`${texts.latencyTitle} (${texts.latencyUnit})`}
                unit={texts.latencyUnit}
                at={h.series.at}
                series={charts.latency}
                summary={texts.latencySummary(
                  formatNumber(max(h.series.p50_ms)),
                  formatNumber(max(h.series.p95_ms)),
                )}
              />
            </div>
          </>
        )}
      </CardBody>
    </Card>
  );
}
