import type { BuiltImagesResponse } from '@nuage/shared/schemas/responses/builds';
import { operationsErrors } from '@nuage/shared/operations-messages';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type BuildStatusFilter = 'all' | 'success' | 'failed' | 'running';

/** SPEC §3 "Built image list response". */

export const BUILDS_PAGE_SIZE = 10;

export interface BuiltImagesQuery {
  offset: number;
  status: BuildStatusFilter;
}

/** GET /standalone-builds/images?limit&offset&status_filter. */
export function getBuiltImages(q: BuiltImagesQuery, signal?: AbortSignal) {
  return api<BuiltImagesResponse>('/standalone-builds/images', {
    signal,
    query: { limit: BUILDS_PAGE_SIZE, offset: q.offset, status_filter: q.status },
    errorMessage: operationsErrors.buildsLoad,
  });
}

export const builtImagesQueryOptions = (q: BuiltImagesQuery) =>
  queryOptions({
    queryKey: ['built-images', q.status, q.offset],
    queryFn: ({ signal }) => getBuiltImages(q, signal),
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
