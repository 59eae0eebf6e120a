import type { Certificate } from '@nuage/shared/certificate-types';
import type { QueryClient } from '@tanstack/react-query';
import { certificatesKey } from './get-certificates';

/** Puts the server's answer in place of the certificate in every cached list (SPEC §4 renewal). */
export function replaceCertificate(queryClient: QueryClient, certificate: Certificate) {
  queryClient.setQueriesData<Certificate[]>({ queryKey: certificatesKey }, (list) =>
    Array.isArray(list)
      ? list.map((item) => (item.id === certificate.id ? certificate : item))
      : list,
  );
}

/** After a creation or a deletion: every list (and detail) is read again. */
export function invalidateCertificates(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: certificatesKey });
}

/** Both creation calls (Let's Encrypt, custom): the modal's footer waits while one runs. */
export const createCertificateMutationKey = ['certificates', 'create'] as const;
