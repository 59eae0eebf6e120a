import type { Environment } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import type { EnvironmentInput } from '@nuage/shared/schemas/environments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateEnvironments } from './invalidate';

export function updateEnvironment({
  environmentId,
  data,
}: {
  environmentId: string;
  data: EnvironmentInput;
}) {
  return api<Environment>(`/environments/${encodeURIComponent(environmentId)}`, {
    method: 'PUT',
    body: data,
    errorMessage: projectErrors.environmentUpdate,
  });
}

export function useUpdateEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEnvironment,
    onSuccess: (env) => invalidateEnvironments(queryClient, env.projet_id),
  });
}
