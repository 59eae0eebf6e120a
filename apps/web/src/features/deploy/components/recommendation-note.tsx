import { assumedRecommendationText } from '@nuage/shared/pricing-recommend';
import type { PresetRecommendation } from '@nuage/shared/pricing-types';
import { Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { RECOMMENDATION_REQUEST } from '../api/recommend-preset';

/**
 * The recommended preset for an assumed small activity (SPEC §2, §9), said as an assumption:
 * the customer gave no number of visitors.
 */
export function RecommendationNote({
  recommendation,
  onApply,
}: {
  recommendation: PresetRecommendation;
  onApply(): void;
}) {
  return (
    <section
      aria-labelledby="recommendation-title"
      className="space-y-2 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900 dark:border-green-900 dark:bg-green-950/40 dark:text-green-200"
    >
      <h3 id="recommendation-title" className="flex items-center gap-2 font-semibold">
        <Sparkles className="size-4" aria-hidden="true" />
        Recommandation : {recommendation.preset.name}
      </h3>
      <p>{assumedRecommendationText(recommendation, RECOMMENDATION_REQUEST)}</p>
      <Button variant="outline" size="sm" onClick={onApply}>
        Appliquer cette configuration
      </Button>
    </section>
  );
}
