import { metricsHistoryTexts as texts } from '@nuage/shared/messages/metrics-history';
import { metricsRanges, type MetricsRange } from '@nuage/shared/schemas/metrics-history';
import { cn } from '@/components/ui/cn';

/** « 1 h · 24 h · 7 j · 30 j »: the period every graph card offers. */
export function RangePicker({
  range,
  onChange,
}: {
  range: MetricsRange;
  onChange: (range: MetricsRange) => void;
}) {
  return (
    <div role="group" aria-label={texts.rangeLabel} className="flex flex-wrap gap-1">
      {metricsRanges.map((r) => (
        <button
          key={r}
          type="button"
          aria-pressed={r === range}
          onClick={() => onChange(r)}
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
  );
}
