import type { Catalog } from '@nuage/shared/schemas/responses/catalog';
import { projectErrors } from '@nuage/shared/messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getTemplates(signal?: AbortSignal) {
  return api<Catalog>('/buildpack/templates/available', {
    signal,
    errorMessage: projectErrors.load,
  });
}

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'templates'],
    queryFn: ({ signal }) => getTemplates(signal),
    staleTime: Infinity,
  });
