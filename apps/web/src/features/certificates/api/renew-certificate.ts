import type { Certificate } from '@nuage/shared/certificate-types';
import { certificateErrors } from '@nuage/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { replaceCertificate } from './cache';

/** POST /certificates/{id}/renew (Let's Encrypt only): the renewal is due now. */
export function renewCertificate(certificateId: string) {
  return api<Certificate>(`/certificates/${encodeURIComponent(certificateId)}/renew`, {
    method: 'POST',
    errorMessage: certificateErrors.renew,
  });
}

/** SPEC §4: the server's answer replaces the certificate in the list. */
export function useRenewCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewCertificate,
    onSuccess: (certificate) => replaceCertificate(queryClient, certificate),
  });
}
