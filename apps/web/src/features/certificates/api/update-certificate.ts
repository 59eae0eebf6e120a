import type { Certificate } from '@nuage/shared/certificate-types';
import type { UpdateCertificateInput } from '@nuage/shared/schemas/certificates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateCertificates, replaceCertificate } from './cache';

/**
 * PUT /certificates/{id}. PEM fields left empty arrive here undefined (the schema's doing) and
 * JSON leaves them out: the stored certificate and key are kept (SPEC §5).
 */
export function updateCertificate({
  certificateId,
  data,
}: {
  certificateId: string;
  data: UpdateCertificateInput;
}) {
  return api<Certificate>(`/certificates/${encodeURIComponent(certificateId)}`, {
    method: 'PUT',
    body: data,
    errorMessage: false,
  });
}

export function useUpdateCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCertificate,
    onSuccess: (certificate) => {
      replaceCertificate(queryClient, certificate);
      return invalidateCertificates(queryClient);
    },
  });
}
