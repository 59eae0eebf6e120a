import type { Certificate } from '@nuage/shared/certificate-types';
import type { LetsEncryptCertificateInput } from '@nuage/shared/schemas/certificates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { createCertificateMutationKey, invalidateCertificates } from './cache';

/** POST /certificates/letsencrypt: the order is placed; the certificate is issued shortly after. */
export function requestLetsEncrypt(data: LetsEncryptCertificateInput) {
  return api<Certificate>('/certificates/letsencrypt', {
    method: 'POST',
    body: { ...data, provider: 'letsencrypt' },
    errorMessage: false,
  });
}

export function useRequestLetsEncrypt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createCertificateMutationKey,
    mutationFn: requestLetsEncrypt,
    onSuccess: () => invalidateCertificates(queryClient),
  });
}
