import type { PresetsResponse } from '@nuage/shared/pricing-types';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** SPEC §8: a preset failure is only logged; the panel then shows no presets. */
export async function getPresets(signal?: AbortSignal) {
  try {
    return await api<PresetsResponse>('/pricing/presets', { signal, errorMessage: false });
  } catch (err) {
    console.error('Pricing presets unavailable', err);
    throw err;
  }
}

export const presetsQueryOptions = () =>
  queryOptions({
    queryKey: ['pricing', 'presets'],
    queryFn: ({ signal }) => getPresets(signal),
    staleTime: Infinity,
    retry: false,
  });
