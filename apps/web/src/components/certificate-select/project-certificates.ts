import type { Certificate } from '@nuage/shared/certificate-types';
import { certificateChoiceTexts } from '@nuage/shared/certificate-choice';
import { namesCover } from '@nuage/shared/certificate-names';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /certificates/?projet_id=…: a project's certificates, for the application forms. */
export const projectCertificatesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['certificates', { projectId }],
    queryFn: ({ signal }) =>
      api<Certificate[]>('/certificates/', {
        signal,
        query: { projet_id: projectId },
        errorMessage: false,
      }),
    staleTime: 30_000,
  });

/** Usable certificates (neither expired nor failed) of the project that cover `domain`. */
export function useCoveringCertificates(projectId: string, domain: string) {
  const list = useQuery({ ...projectCertificatesQueryOptions(projectId), enabled: !!projectId });
  const host = domain.trim().toLowerCase();
  const covering = host
    ? (list.data ?? []).filter(
        (c) => c.statut !== 'Expiré' && c.statut !== 'Échec' && namesCover(c.domaines, host),
      )
    : [];
  return { covering, loading: list.isPending && !!projectId };
}

/** How the forms name a chosen certificate (« nom (domaine, type) »); null until it is known. */
export function useCertificateLabel(projectId: string, certificateId: string): string | null {
  const list = useQuery({
    ...projectCertificatesQueryOptions(projectId),
    enabled: !!projectId && !!certificateId,
  });
  const found = list.data?.find((c) => c.id === certificateId);
  return found
    ? certificateChoiceTexts.option(found.nom, found.nom_domaine, found.type_certificat)
    : null;
}
