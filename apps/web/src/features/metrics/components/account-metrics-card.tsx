import {
  accountMetricsTexts as account,
  metricsHistoryTexts as texts,
} from '@nuage/shared/messages/metrics-history';
import type { MetricsRange } from '@nuage/shared/schemas/metrics-history';
import type { AccountMetricsHistory } from '@nuage/shared/schemas/responses/metrics-history';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { accountMetricsHistoryQueryOptions } from '../api/get-account-metrics-history';
import { RangePicker } from './range-picker';
import { TimeChart, type ChartSeries } from '@/components/charts/time-chart';

const USED = 'text-blue-600 dark:text-blue-400';
const RESERVED = 'text-red-600 dark:text-red-400';

const peak = (values: number[]) => Math.max(0, ...values);

function chartsOf(h: AccountMetricsHistory) {
  const withReserved = (used: number[], reserved: number): ChartSeries[] => [
    { label: texts.used, values: used, swatch: USED, filled: true },
    { label: account.reserved, values: used.map(() => reserved), swatch: RESERVED, dashed: true },
  ];
  return {
    cpu: withReserved(h.series.cpu_milli, h.limits.cpu_milli),
    ram: withReserved(h.series.ram_mb, h.limits.ram_mb),
  };
}

/**
 * The dashboard's « Ressources utilisées » (issue 28 item 4): CPU and memory of every
 * application of the caller's projects together, against what they reserve, over 1 h to 30 days.
 * Its own request, made once the dashboard is shown, so the dashboard's read stays one.
 */
export function AccountMetricsCard() {
  const [range, setRange] = useState<MetricsRange>('24h');
  const query = useQuery(accountMetricsHistoryQueryOptions(range));
  const h = query.data;
  const charts = useMemo(() => (h ? chartsOf(h) : null), [h]);
  return (
    <Card role="region" aria-labelledby="account-metrics-title">
      <CardHeader
        title={<span id="account-metrics-title">{account.cardTitle}</span>}
        description={h ? account.description(h.applications) : undefined}
        actions={h?.simulated && <Badge tone="purple">{texts.simulated}</Badge>}
      />
      <CardBody className="space-y-4">
        <RangePicker range={range} onChange={setRange} />
        {h?.simulated && (
          <p className="text-sm text-violet-800 dark:text-violet-200">{texts.simulatedNotice}</p>
        )}
        {query.isPending && (
          <p className="text-sm text-slate-600 dark:text-slate-400">{texts.loading}</p>
        )}
        {query.isError && (
          <p className="text-sm text-slate-600 dark:text-slate-400">{texts.unavailable}</p>
        )}
        {h && h.series.at.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-400">{account.empty}</p>
        )}
        {h && charts && h.series.at.length > 0 && (
          <div className="grid gap-6 xl:grid-cols-2">
            <TimeChart
              title={`${texts.cpuTitle} (${texts.cpuUnit})`}
              unit={texts.cpuUnit}
              at={h.series.at}
              series={charts.cpu}
              summary={texts.summary(texts.cpuTitle, peak(h.series.cpu_milli), h.limits.cpu_milli)}
            />
            <TimeChart
              title={`${texts.ramTitle} (${texts.ramUnit})`}
              unit={texts.ramUnit}
              at={h.series.at}
              series={charts.ram}
              summary={texts.summary(texts.ramTitle, peak(h.series.ram_mb), h.limits.ram_mb)}
            />
          </div>
        )}
      </CardBody>
    </Card>
  );
}
