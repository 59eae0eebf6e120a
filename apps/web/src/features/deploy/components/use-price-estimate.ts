import type { ResourceConfiguration } from '@nuage/shared/pricing-types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isCalculable, priceQueryOptions } from '../api/calculate-price';
import { useDebouncedValue } from './use-debounced-value';

/** SPEC "Price requests are debounced": at most one request per 300 ms while typing. */
export const PRICE_DEBOUNCE_MS = 300;

/**
 * The custom-mode price of the configuration: asked once the values settle, only within the
 * calculation ranges, never in preset mode (the preset carries its own price).
 */
export function usePriceEstimate(config: ResourceConfiguration, { enabled }: { enabled: boolean }) {
  const settled = useDebouncedValue(config, PRICE_DEBOUNCE_MS);
  const calculable = isCalculable(config);
  const pending = JSON.stringify(settled) !== JSON.stringify(config);
  const query = useQuery({
    ...priceQueryOptions(settled),
    // Never price a configuration already replaced (a template's defaults set just before).
    enabled: enabled && isCalculable(settled) && !pending,
    placeholderData: keepPreviousData,
  });
  return {
    /** False outside the ranges: no price is asked and none is shown. */
    calculable,
    data: calculable ? query.data : undefined,
    loading: calculable && (query.isFetching || pending),
    failed: query.isError,
  };
}

export type PriceEstimate = ReturnType<typeof usePriceEstimate>;
