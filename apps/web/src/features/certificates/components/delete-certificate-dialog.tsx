import type { Certificate } from '@nuage/shared/certificate-types';
import { certificateErrors, certificateSuccess } from '@nuage/shared/messages';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { failureMessage } from '@/lib/failure-message';
import { notify } from '@/lib/toast';
import { useDeleteCertificate } from '../api/delete-certificate';

/**
 * SPEC §2: deleting asks first and says it is irreversible. A refusal (409: applications still
 * use it) stays in the dialog, naming them.
 */
export function DeleteCertificateDialog({
  certificate,
  onClose,
}: {
  certificate: Certificate;
  onClose(): void;
}) {
  const mutation = useDeleteCertificate();
  const refusal = mutation.isError
    ? failureMessage(mutation.error, certificateErrors.delete)
    : null;
  const confirm = () =>
    mutation.mutate(certificate.id, {
      onSuccess: () => {
        notify.success(certificateSuccess.deleted);
        onClose();
      },
    });
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={'Supprimer le certificat\u00a0?'}
      confirmLabel="Supprimer le certificat"
      onConfirm={confirm}
      pending={mutation.isPending}
      pendingLabel="Suppression..."
    >
      <p>
        Le certificat <strong>« {certificate.nom} »</strong> ({certificate.nom_domaine}) et sa clé
        privée seront définitivement supprimés.
      </p>
      <p className="font-medium text-red-600 dark:text-red-400">Cette action est irréversible.</p>
      {refusal && (
        <div role="alert">
          <Notice tone="error" title="Suppression impossible">
            {refusal}
          </Notice>
        </div>
      )}
    </ConfirmDialog>
  );
}
