import { databasePageTexts as t } from '@nuage/shared/messages/databases';
import type {
  DatabaseEngineOffer,
  DatabaseResource,
} from '@nuage/shared/schemas/responses/databases';
import { isSettledStatus } from '@nuage/shared/status-display';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const REFRESH_MS = 3000;
const unsettled = (d: DatabaseResource) => !isSettledStatus(d.statut_deploiement);

/** Every database query starts with this key: a change invalidates them all. */
export const databasesKey = ['databases'] as const;

export const invalidateDatabases = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: databasesKey });

/** GET /environments/{envId}/databases: refreshed while one is starting or changing. */
export const databasesQueryOptions = (environmentId: string) =>
  queryOptions({
    queryKey: [...databasesKey, 'environment', environmentId],
    queryFn: ({ signal }) =>
      api<DatabaseResource[]>(`/environments/${encodeURIComponent(environmentId)}/databases`, {
        signal,
        errorMessage: t.loadError,
      }),
    refetchInterval: (query) => (query.state.data?.some(unsettled) ? REFRESH_MS : false),
  });

/** GET /databases/{id}. */
export const databaseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...databasesKey, 'one', id],
    queryFn: ({ signal }) =>
      api<DatabaseResource>(`/databases/${encodeURIComponent(id)}`, {
        signal,
        errorMessage: false,
      }),
    refetchInterval: (query) =>
      query.state.data && unsettled(query.state.data) ? REFRESH_MS : false,
  });

/** GET /databases/engines: the engines and the operator's versions. */
export const databaseEnginesQueryOptions = () =>
  queryOptions({
    queryKey: [...databasesKey, 'engines'],
    queryFn: ({ signal }) =>
      api<DatabaseEngineOffer[]>('/databases/engines', { signal, errorMessage: t.loadError }),
    staleTime: 5 * 60_000,
  });
