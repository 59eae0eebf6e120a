import type { BuiltImagesResponse } from '@nuage/shared/schemas/responses/builds';
import { operationsErrors } from '@nuage/shared/operations-messages';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type BuildStatusFilter = 'all' | 'success' | 'failed' | 'running';
/** Code builds, or template image downloads: the page lists them apart (issue 33 item 8). */
export type ImageKind = 'build' | 'pull';

/** SPEC §3 "Built image list response". */

export const BUILDS_PAGE_SIZE = 10;

export interface BuiltImagesQuery {
  kind: ImageKind;
  offset: number;
  status: BuildStatusFilter;
}

/** GET /standalone-builds/images?kind&limit&offset&status_filter. */
export function getBuiltImages(q: BuiltImagesQuery, signal?: AbortSignal) {
  return api<BuiltImagesResponse>('/standalone-builds/images', {
    signal,
    query: { kind: q.kind, limit: BUILDS_PAGE_SIZE, offset: q.offset, status_filter: q.status },
    errorMessage: operationsErrors.buildsLoad,
  });
}

export const builtImagesQueryOptions = (q: BuiltImagesQuery) =>
  queryOptions({
    queryKey: ['built-images', q.kind, q.status, q.offset],
    queryFn: ({ signal }) => getBuiltImages(q, signal),
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
