import type { Certificate } from '@nuage/shared/certificate-types';
import { certificateSuccess } from '@nuage/shared/messages';
import { hasRole, requiredRole } from '@nuage/shared/roles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FolderPlus, Plus, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { certificatesQueryOptions } from '@/features/certificates/api/get-certificates';
import { useRenewCertificate } from '@/features/certificates/api/renew-certificate';
import { CertificateDetailsModal } from '@/features/certificates/components/certificate-details-modal';
import { CertificateRow } from '@/features/certificates/components/certificate-row';
import { CreateCertificateModal } from '@/features/certificates/components/create-certificate-modal';
import { DeleteCertificateDialog } from '@/features/certificates/components/delete-certificate-dialog';
import { EditCertificateModal } from '@/features/certificates/components/edit-certificate-modal';
import { ProjectFilter } from '@/features/certificates/components/project-filter';
import { projectsQueryOptions } from '@/lib/project-query';
import { notify } from '@/lib/toast';

type Dialog = { kind: 'details' | 'edit' | 'delete'; id: string } | { kind: 'create' } | null;

/** /certificates (SPEC §2): the TLS certificates of the user's projects. */
export default function CertificatesRoute() {
  const [params, setParams] = useSearchParams();
  const projects = useQuery(projectsQueryOptions());
  const filter = params.get('projet') ?? '';
  // Changing the filter keeps the current rows on screen until the new ones arrive.
  const certificates = useQuery({
    ...certificatesQueryOptions(filter || undefined),
    placeholderData: keepPreviousData,
  });
  const renew = useRenewCertificate();
  const [dialog, setDialog] = useState<Dialog>(null);

  if (projects.isPending || certificates.isPending) return <PageSpinner />;
  if (projects.isError) {
    return <LoadError message={projects.error.message} onRetry={() => projects.refetch()} />;
  }

  const projectById = new Map(projects.data.map((p) => [p.id, p]));
  const manageable = projects.data.filter((p) =>
    hasRole(p.role_projet, requiredRole.manageCertificates),
  );
  const canManage = (c: Certificate) => {
    const project = projectById.get(c.projet_id);
    return project !== undefined && hasRole(project.role_projet, requiredRole.manageCertificates);
  };
  const severalProjects = projects.data.length > 1;
  const list = certificates.data ?? [];
  const open = dialog && dialog.kind !== 'create' ? list.find((c) => c.id === dialog.id) : null;
  const close = () => setDialog(null);

  const newButton = manageable.length > 0 && (
    <Button onClick={() => setDialog({ kind: 'create' })}>
      <Plus className="size-4" aria-hidden="true" /> Nouveau certificat
    </Button>
  );

  const onRenew = (c: Certificate) =>
    renew.mutate(c.id, { onSuccess: () => notify.success(certificateSuccess.renewRequested) });

  return (
    <div>
      <PageHeader
        title="Certificats"
        description="Les certificats TLS de vos projets : Let's Encrypt, émis et renouvelés par la plateforme, ou personnalisés."
        actions={newButton}
      />
      {severalProjects && (
        <div className="mb-4">
          <ProjectFilter
            projects={projects.data}
            value={filter}
            onChange={(id) => setParams(id ? { projet: id } : {}, { replace: true })}
          />
        </div>
      )}
      {projects.data.length === 0 ? (
        <EmptyState
          icon={FolderPlus}
          title="Aucun certificat"
          description="Les certificats appartiennent à un projet : créez d'abord un projet."
          action={
            <Link to="/projects" className={buttonClasses('primary')}>
              Créer un projet
            </Link>
          }
        />
      ) : certificates.isError ? (
        <LoadError message={certificates.error.message} onRetry={() => certificates.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={ShieldCheck}
          title="Aucun certificat"
          description={
            manageable.length > 0
              ? "Demandez un certificat Let's Encrypt gratuit ou importez le vôtre pour servir vos applications en HTTPS."
              : 'Un développeur ou un administrateur du projet peut ajouter des certificats.'
          }
          action={newButton}
        />
      ) : (
        <ul className="space-y-3" aria-label="Certificats">
          {list.map((c) => (
            <CertificateRow
              key={c.id}
              certificate={c}
              projectName={severalProjects ? projectById.get(c.projet_id)?.nom : undefined}
              canManage={canManage(c)}
              renewing={renew.isPending && renew.variables === c.id}
              actions={{
                onDetails: () => setDialog({ kind: 'details', id: c.id }),
                onEdit: () => setDialog({ kind: 'edit', id: c.id }),
                onRenew: () => onRenew(c),
                onDelete: () => setDialog({ kind: 'delete', id: c.id }),
              }}
            />
          ))}
        </ul>
      )}
      {dialog?.kind === 'create' && (
        <CreateCertificateModal
          projects={manageable}
          preferredProjectId={filter || undefined}
          onClose={close}
        />
      )}
      {open && dialog?.kind === 'details' && (
        <CertificateDetailsModal
          certificate={open}
          projectName={projectById.get(open.projet_id)?.nom}
          onClose={close}
        />
      )}
      {open && dialog?.kind === 'edit' && (
        <EditCertificateModal certificate={open} onClose={close} />
      )}
      {open && dialog?.kind === 'delete' && (
        <DeleteCertificateDialog certificate={open} onClose={close} />
      )}
    </div>
  );
}
