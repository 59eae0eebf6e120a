import type { AuditPage } from '@nuage/shared/audit-actions';
import { auditLimits } from '@nuage/shared/account-limits';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

export interface AuditFilters {
  categorie?: string;
  acteur?: string;
  depuis?: string;
  jusqua?: string;
}

export function getAudit(
  projectId: string,
  filters: AuditFilters,
  offset: number,
  signal?: AbortSignal,
) {
  return api<AuditPage>(`/projects/${encodeURIComponent(projectId)}/audit`, {
    signal,
    query: { ...filters, limit: auditLimits.pageSize, offset },
    // The page says a failure itself, once (a toast per attempt said it twice).
    errorMessage: false,
  });
}

/** A refusal (not an admin, not a member) is an answer: asking again cannot change it. */
export const isRefused = (error: unknown) =>
  error instanceof ApiError && (error.status === 403 || error.status === 404);

/** The log, newest first, a page at a time ('Charger plus'). */
export const auditQueryOptions = (projectId: string, filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['projects', projectId, 'audit', filters],
    queryFn: ({ pageParam, signal }) => getAudit(projectId, filters, pageParam, signal),
    initialPageParam: 0,
    retry: (failures, error) => failures < 1 && !isRefused(error),
    getNextPageParam: (last, pages) =>
      last.pagination.has_more ? pages.reduce((n, p) => n + p.events.length, 0) : undefined,
  });
