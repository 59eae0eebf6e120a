import { builtImagesTexts } from '@nuage/shared/built-images-texts';
import { CheckCircle2, Loader, Percent, XCircle, type LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';
import type { BuiltImagesResponse } from '@nuage/shared/schemas/responses/builds';

/** SPEC §2: successes, failures, running, success rate, over code builds only. */
export function BuildStats({ stats }: { stats: BuiltImagesResponse['statistics'] }) {
  const items: { label: string; value: string; icon: LucideIcon; accent: string }[] = [
    {
      label: 'Succès',
      value: String(stats.successful_builds),
      icon: CheckCircle2,
      accent: 'text-green-600 dark:text-green-400',
    },
    {
      label: 'Échecs',
      value: String(stats.failed_builds),
      icon: XCircle,
      accent: 'text-red-600 dark:text-red-400',
    },
    {
      label: 'En cours',
      value: String(stats.running_builds),
      icon: Loader,
      accent: 'text-amber-600 dark:text-amber-400',
    },
    {
      label: 'Taux de succès',
      value: `${formatNumber(stats.success_rate)} %`,
      icon: Percent,
      accent: 'text-blue-600 dark:text-blue-400',
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label={builtImagesTexts.buildsStats}>
      {items.map(({ label, value, icon: Icon, accent }) => (
        <li key={label} aria-label={`${label} : ${value}`}>
          <Card className="flex h-full items-center gap-3 p-4">
            <Icon className={`size-6 shrink-0 ${accent}`} aria-hidden="true" />
            <div>
              <p className="text-xs text-slate-500 dark:text-slate-400">{label}</p>
              <p className="text-xl font-bold tabular-nums">{value}</p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
