import type { PricingPreset } from '@nuage/shared/pricing-types';
import { Check, SlidersHorizontal } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { formatNumber, formatXof } from '@/lib/format';

const option = (active: boolean) =>
  cn(
    'w-full rounded-lg border px-3 py-2 text-left text-sm transition-colors',
    active
      ? 'border-blue-600 bg-blue-50 dark:bg-blue-950/40'
      : 'border-slate-200 hover:border-blue-400 dark:border-slate-700',
  );

/** 'Configurations recommandées': a preset sets cpu, ram and storage; the last entry resets. */
export function PresetPicker({
  presets,
  active,
  recommendedId,
  onPick,
  onCustom,
}: {
  presets: PricingPreset[];
  active: PricingPreset | null;
  recommendedId: string | null;
  onPick(preset: PricingPreset): void;
  onCustom(): void;
}) {
  return (
    <section aria-labelledby="presets-title" className="space-y-2">
      <h3 id="presets-title" className="text-sm font-semibold">
        Configurations recommandées
      </h3>
      <ul className="space-y-2">
        {presets.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              aria-pressed={active?.id === p.id}
              className={option(active?.id === p.id)}
              onClick={() => onPick(p)}
            >
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="flex items-center gap-2 font-medium">
                  {active?.id === p.id && <Check className="size-4" aria-hidden="true" />}
                  {p.name}
                  {p.id === recommendedId && <Badge tone="green">Recommandé</Badge>}
                </span>
                <span className="font-semibold tabular-nums">
                  {formatXof(p.pricing.monthly_price)} / mois
                </span>
              </span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                {formatNumber(p.resources.cpu)} vCPU · {formatNumber(p.resources.ram)} GB RAM ·{' '}
                {formatNumber(p.resources.storage)} GB
              </span>
              <span className="mt-1 block text-xs text-slate-600 dark:text-slate-300">
                {p.usage_description}
              </span>
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            aria-pressed={active === null}
            className={option(active === null)}
            onClick={onCustom}
          >
            <span className="flex items-center gap-2 font-medium">
              <SlidersHorizontal className="size-4" aria-hidden="true" />
              Configuration personnalisée
            </span>
          </button>
        </li>
      </ul>
    </section>
  );
}
