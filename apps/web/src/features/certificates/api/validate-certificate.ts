import type { CertificateValidation } from '@nuage/shared/certificate-types';
import { certificateErrors } from '@nuage/shared/messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { certificatesKey } from './get-certificates';

/** POST /certificates/{id}/validate: reads nothing into the server, so it is cached as a read. */
export function validateCertificate(certificateId: string, signal?: AbortSignal) {
  return api<CertificateValidation>(`/certificates/${encodeURIComponent(certificateId)}/validate`, {
    method: 'POST',
    signal,
    errorMessage: certificateErrors.validate,
  });
}

/** Under the certificates key: a change to the certificate checks it again. */
export const certificateValidationQueryOptions = (certificateId: string, updatedAt: string) =>
  queryOptions({
    queryKey: [...certificatesKey, certificateId, 'validation', updatedAt],
    queryFn: ({ signal }) => validateCertificate(certificateId, signal),
  });
