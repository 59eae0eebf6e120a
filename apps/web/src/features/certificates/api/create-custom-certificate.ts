import type { Certificate } from '@nuage/shared/certificate-types';
import type { CustomCertificateInput } from '@nuage/shared/schemas/certificates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { createCertificateMutationKey, invalidateCertificates } from './cache';

/** POST /certificates/: an uploaded ('Personnalisé') certificate with its private key. */
export function createCustomCertificate(data: CustomCertificateInput) {
  // The form places 422 messages on its fields and toasts the rest itself.
  return api<Certificate>('/certificates/', {
    method: 'POST',
    body: { ...data, type_certificat: 'Personnalisé' },
    errorMessage: false,
  });
}

export function useCreateCustomCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createCertificateMutationKey,
    mutationFn: createCustomCertificate,
    onSuccess: () => invalidateCertificates(queryClient),
  });
}
