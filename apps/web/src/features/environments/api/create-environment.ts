import type { Environment } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import type { EnvironmentInput } from '@nuage/shared/schemas/environments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateEnvironments } from './invalidate';

export function createEnvironment({
  projectId,
  data,
}: {
  projectId: string;
  data: EnvironmentInput;
}) {
  return api<Environment>(`/environments/${encodeURIComponent(projectId)}/environments`, {
    method: 'POST',
    body: data,
    errorMessage: projectErrors.environmentCreate,
  });
}

export function useCreateEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEnvironment,
    onSuccess: (_env, { projectId }) => invalidateEnvironments(queryClient, projectId),
  });
}
