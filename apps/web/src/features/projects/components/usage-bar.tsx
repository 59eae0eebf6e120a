import { cn } from '@/components/ui/cn';
import { formatNumber } from '@/lib/format';

/** What the project's applications reserve of one quota, as a labelled progress bar. */
export function UsageBar({
  label,
  used,
  quota,
  unit,
}: {
  label: string;
  used: number;
  quota: number;
  unit: string;
}) {
  const percent = quota > 0 ? Math.min(100, Math.round((used / quota) * 100)) : 0;
  const tone = percent >= 90 ? 'bg-red-500' : percent >= 70 ? 'bg-amber-500' : 'bg-blue-600';
  const text = `${formatNumber(used)} / ${formatNumber(quota)} ${unit}`;
  return (
    <div className="space-y-1">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-slate-600 tabular-nums dark:text-slate-400">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-label={`${label} utilisé`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${text} (${percent} %)`}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className={cn('h-full rounded-full', tone)} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
