import type { DestinationSauvegarde } from '@nuage/shared/backup-types';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /projects/{id}/backup-destination (project admins; the secret key never comes back). */
export const backupDestinationQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['backup-destination', projectId],
    queryFn: ({ signal }) =>
      api<{ destination: DestinationSauvegarde | null }>(
        `/projects/${encodeURIComponent(projectId)}/backup-destination`,
        { signal, errorMessage: 'La destination S3 n’a pas pu être lue' },
      ),
  });
