import { recommendableTypes, type RecommendableType } from '@nuage/shared/pricing-schemas';
import type { PricingPreset, ResourceConfiguration } from '@nuage/shared/pricing-types';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber, formatXof } from '@/lib/format';
import { presetsQueryOptions } from '../api/get-presets';
import { recommendationQueryOptions } from '../api/recommend-preset';
import { PresetPicker } from './preset-picker';
import { PriceSummary } from './price-summary';
import { calculationView, presetView } from './price-view';
import { RecommendationNote } from './recommendation-note';
import type { PriceEstimate } from './use-price-estimate';

/** What the panel needs, the same on both paths of step 4. */
export interface CostPanelProps {
  templateId: string;
  config: ResourceConfiguration;
  estimate: PriceEstimate;
  preset: PricingPreset | null;
  onPickPreset(preset: PricingPreset): void;
  onCustom(): void;
}

const isRecommendable = (id: string): id is RecommendableType =>
  (recommendableTypes as readonly string[]).includes(id);

const shown = (v: number) => (Number.isFinite(v) ? formatNumber(v) : '—');

/**
 * SPEC §2 cost-estimate panel, open by default: the price (preset's in preset mode, else the
 * server's calculation), configured values, presets, the recommendation (WordPress and Odoo
 * only) and up to two savings lines.
 */
export function CostPanel({
  templateId,
  config,
  estimate,
  preset,
  onPickPreset,
  onCustom,
}: CostPanelProps) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const presets = useQuery(presetsQueryOptions());
  const recommendation = useQuery({
    ...recommendationQueryOptions(isRecommendable(templateId) ? templateId : 'wordpress'),
    enabled: isRecommendable(templateId),
  });
  const presetList =
    presets.data?.applications[templateId as keyof typeof presets.data.applications]?.presets ?? [];
  const view = preset ? presetView(preset) : estimate.data ? calculationView(estimate.data) : null;
  const drifted =
    preset !== null &&
    (preset.resources.cpu !== config.cpu ||
      preset.resources.ram !== config.ram ||
      preset.resources.storage !== config.storage ||
      config.replicas !== 1);

  return (
    <Card className="lg:sticky lg:top-20">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center gap-2 px-5 py-4 text-left text-base font-semibold"
        >
          <Wallet className="size-5 text-blue-600 dark:text-blue-400" aria-hidden="true" />
          <span className="flex-1">Estimation des coûts</span>
          {!open && view && (
            <span className="text-sm font-medium tabular-nums">{formatXof(view.monthly)}</span>
          )}
          <ChevronDown
            className={cn('size-5 transition-transform', open && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
      </h2>
      {open && (
        <div
          id={bodyId}
          className="space-y-5 border-t border-slate-200 px-5 py-4 dark:border-slate-800"
        >
          <div aria-live="polite" aria-label="Prix estimé">
            {!preset && !estimate.calculable ? (
              <p className="text-sm text-slate-500 dark:text-slate-400">
                Estimation indisponible : CPU entre 0,1 et 32, RAM entre 0,5 et 128 GB, stockage
                entre 1 et 1000 GB, replicas entre 1 et 10.
              </p>
            ) : view ? (
              <PriceSummary view={view} />
            ) : estimate.failed ? (
              <p className="text-sm text-slate-500 dark:text-slate-400">
                Estimation indisponible pour le moment.
              </p>
            ) : (
              <Spinner label="Calcul du prix…" />
            )}
            {!preset && estimate.loading && view && (
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">Mise à jour…</p>
            )}
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <span className="font-medium text-slate-800 dark:text-slate-200">
              {preset ? `Configuration « ${preset.name} »` : 'Configuration personnalisée'} :
            </span>{' '}
            {shown(config.cpu)} vCPU · {shown(config.ram)} GB RAM · {shown(config.storage)} GB de
            stockage · {shown(config.replicas)} instance(s)
          </p>
          {preset && drifted && (
            <p className="text-xs text-amber-700 dark:text-amber-300">
              Le prix affiché est celui de la configuration « {preset.name} » pour 1 instance.
              Choisissez « Configuration personnalisée » pour recalculer avec vos valeurs.
            </p>
          )}
          {presetList.length > 0 && (
            <PresetPicker
              presets={presetList}
              active={preset}
              recommendedId={recommendation.data?.preset.id ?? null}
              onPick={onPickPreset}
              onCustom={onCustom}
            />
          )}
          {recommendation.data && isRecommendable(templateId) && (
            <RecommendationNote
              recommendation={recommendation.data}
              onApply={() => onPickPreset(recommendation.data.preset)}
            />
          )}
          {!preset && view && view.savings.length > 0 && (
            <section aria-labelledby="savings-title" className="space-y-1">
              <h3 id="savings-title" className="text-sm font-semibold">
                Vos économies
              </h3>
              <ul className="space-y-1 text-sm text-green-700 dark:text-green-400">
                {view.savings.map((s) => (
                  <li key={s.competitor_id}>
                    {formatXof(s.monthly_saving)} de moins par mois qu'avec {s.competitor} (
                    {formatXof(s.yearly_saving)} par an)
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </Card>
  );
}
