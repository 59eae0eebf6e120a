import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /builds/{id}/cancel → 202 { message: 'Annulation demandée.' } (409 when finished). */
export function cancelBuild(buildId: string) {
  return api<{ message: string }>(`/builds/${encodeURIComponent(buildId)}/cancel`, {
    method: 'POST',
  });
}

export function useCancelBuild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBuild,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['builds'] }),
  });
}
