import type { MessageResponse } from '@nuage/shared/api-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateCertificates } from './cache';

/** DELETE /certificates/{id}: refused (409) while an application still uses it. */
export function deleteCertificate(certificateId: string) {
  // The confirmation dialog shows the refusal itself (which applications use it).
  return api<MessageResponse>(`/certificates/${encodeURIComponent(certificateId)}`, {
    method: 'DELETE',
    errorMessage: false,
  });
}

export function useDeleteCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCertificate,
    onSuccess: () => invalidateCertificates(queryClient),
  });
}
