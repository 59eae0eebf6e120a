import type {
  CreateRegistryCredentialInput,
  RegistryCredential,
} from '@nuage/shared/schemas/registry-credentials';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const base = (projectId: string) =>
  `/projects/${encodeURIComponent(projectId)}/registry-credentials`;

export const registryCredentialsKey = (projectId: string) =>
  ['registry-credentials', projectId] as const;

/** GET …/registry-credentials: registry and user only, never the password. */
export const registryCredentialsQuery = (projectId: string) =>
  queryOptions({
    queryKey: registryCredentialsKey(projectId),
    queryFn: ({ signal }) =>
      api<RegistryCredential[]>(base(projectId), {
        signal,
        errorMessage: 'Impossible de charger les identifiants de registre.',
      }),
  });

/** POST (administrators): 422 details are placed at the form's fields. */
export function useCreateRegistryCredential(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRegistryCredentialInput) =>
      api<RegistryCredential>(base(projectId), { method: 'POST', body, errorMessage: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registryCredentialsKey(projectId) }),
  });
}

/** DELETE (administrators); 409 in French while an application pulls with them. */
export function useDeleteRegistryCredential(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<null>(`${base(projectId)}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        errorMessage: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registryCredentialsKey(projectId) }),
  });
}
