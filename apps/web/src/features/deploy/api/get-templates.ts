import { projectErrors } from '@nuage/shared/messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A ready-made application, with the defaults the deploy call sends (SPEC §3). */
export interface SaasCatalogEntry {
  id: string;
  name: string;
  category: string;
  description: string;
  available: boolean;
  status: string;
  image: string;
  tag: string;
  port: number;
  default_resources: { cpu: number; ram: number; storage: number };
  helm_version: string;
  helm_values: Record<string, unknown>;
  database_config: Record<string, unknown>;
}

/** A code template: announced, not available ('Arrive bientôt'). */
export interface CodeCatalogEntry {
  id: string;
  name: string;
  description: string;
  available: boolean;
  status: string;
}

export interface Catalog {
  saas: SaasCatalogEntry[];
  code: CodeCatalogEntry[];
}

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
