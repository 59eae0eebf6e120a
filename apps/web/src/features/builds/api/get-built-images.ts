import { operationsErrors } from '@nuage/shared/operations-messages';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type BuildStatusFilter = 'all' | 'success' | 'failed' | 'running';

/** SPEC §3 "Built image list response". */
export interface BuiltImage {
  build_id: string;
  application_name: string;
  /** success, failed, running; code builds also queued and cancelled (issue 13). */
  status: string;
  /** pull: a template's image fetched from its registry; build: built from the user's code. */
  kind: 'pull' | 'build';
  /** The commit a code build was made from (null for pulls). */
  commit_sha?: string | null;
  /** The runtime that did it: 'simulation' when nothing real happened. */
  runtime: string;
  is_standalone: boolean;
  /** Null while a code build has not produced its image yet. */
  image_url: string | null;
  image_tag: string | null;
  project: { id: string; name: string };
  repository: { branch: string | null; url: string | null };
  build_info: { created_at: string; completed_at: string | null; duration_seconds: number | null };
  error_message: string | null;
}

export interface BuiltImagesResponse {
  builds: BuiltImage[];
  statistics: {
    total_builds: number;
    successful_builds: number;
    failed_builds: number;
    running_builds: number;
    success_rate: number;
  };
  pagination: { total: number; limit: number; offset: number; has_more: boolean };
}

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
