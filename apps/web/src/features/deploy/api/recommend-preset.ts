import type { RecommendableType } from '@nuage/shared/pricing-schemas';
import type { PresetRecommendation } from '@nuage/shared/pricing-types';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** SPEC §9: the wizard asks for 50 expected users with medium traffic. */
export const RECOMMENDATION_REQUEST = { expected_users: 50, traffic_level: 'medium' } as const;

export async function recommendPreset(applicationType: RecommendableType, signal?: AbortSignal) {
  try {
    return await api<PresetRecommendation>('/pricing/recommend', {
      method: 'POST',
      body: { application_type: applicationType, ...RECOMMENDATION_REQUEST },
      signal,
      errorMessage: false,
    });
  } catch (err) {
    console.error('Pricing recommendation unavailable', err);
    throw err;
  }
}

export const recommendationQueryOptions = (applicationType: RecommendableType) =>
  queryOptions({
    queryKey: ['pricing', 'recommend', applicationType],
    queryFn: ({ signal }) => recommendPreset(applicationType, signal),
    staleTime: Infinity,
    retry: false,
  });
