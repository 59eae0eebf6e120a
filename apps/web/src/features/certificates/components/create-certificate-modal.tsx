import type { Project } from '@nuage/shared/api-types';
import type { CertificateKind } from '@nuage/shared/certificate-types';
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { ModalFormActions } from '@/components/ui/modal-form-actions';
import { Modal } from '@/components/ui/modal';
import { createCertificateMutationKey } from '../api/cache';
import { CertificateTypeToggle } from './certificate-type-toggle';
import { CustomCertificateForm } from './custom-certificate-form';
import { LetsEncryptForm } from './lets-encrypt-form';

const forms = {
  letsencrypt: {
    id: 'letsencrypt-certificate-form',
    submit: 'Demander le certificat',
    submitting: 'Demande en cours...',
  },
  custom: {
    id: 'custom-certificate-form',
    submit: 'Importer le certificat',
    submitting: 'Import en cours...',
  },
} as const;

/**
 * 'Nouveau certificat' (SPEC §2): Let's Encrypt by default (provider letsencrypt), or a custom
 * certificate. Both forms stay mounted, so switching back and forth keeps what was typed; the
 * footer, always in view, submits the one shown.
 */
export function CreateCertificateModal({
  projects,
  preferredProjectId,
  onClose,
}: {
  /** The projects where the user may manage certificates. */
  projects: Project[];
  preferredProjectId?: string | undefined;
  onClose(): void;
}) {
  const [kind, setKind] = useState<CertificateKind>('letsencrypt');
  const submitting = useIsMutating({ mutationKey: createCertificateMutationKey }) > 0;
  const common = { projects, preferredProjectId, onDone: onClose };
  const active = forms[kind];
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !submitting && onClose()}
      title="Nouveau certificat"
      description="Un certificat TLS sert vos applications en HTTPS sur leur nom de domaine."
      size="lg"
      footer={
        <ModalFormActions
          formId={active.id}
          submitLabel={active.submit}
          submittingLabel={active.submitting}
          submitting={submitting}
          onCancel={onClose}
        />
      }
    >
      <div className="space-y-5">
        <CertificateTypeToggle value={kind} onChange={setKind} />
        <div hidden={kind !== 'letsencrypt'}>
          <LetsEncryptForm formId={forms.letsencrypt.id} {...common} />
        </div>
        <div hidden={kind !== 'custom'}>
          <CustomCertificateForm formId={forms.custom.id} {...common} />
        </div>
      </div>
    </Modal>
  );
}
