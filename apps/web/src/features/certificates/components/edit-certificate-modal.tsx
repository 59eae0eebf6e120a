import { zodResolver } from '@hookform/resolvers/zod';
import type { Certificate } from '@nuage/shared/certificate-types';
import { certificateErrors, certificateSuccess } from '@nuage/shared/messages';
import { updateCertificateSchema } from '@nuage/shared/schemas/certificates';
import { useForm } from 'react-hook-form';
import { ModalFormActions } from '@/components/ui/modal-form-actions';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { inform, notify } from '@/lib/toast';
import { useUpdateCertificate } from '../api/update-certificate';
import { readPemExpiry, toDateInputValue } from './pem-expiry';
import { CERTIFICATE_PLACEHOLDER, KEY_PLACEHOLDER, PemField } from './pem-field';
import { CERTIFICATE_FILE_TYPES, KEY_FILE_TYPES } from './pem-file-button';
import { placeServerErrors } from './server-errors';

const fields = [
  'nom',
  'description',
  'contenu_certificat',
  'contenu_cle_privee',
  'date_expiration',
] as const;

const FORM_ID = 'edit-certificate-form';
const KEEP = 'Laisser vide pour conserver l’actuel.';

/**
 * SPEC §2 edit modal: name and description; for a custom certificate also a new certificate, a
 * new private key (empty: the stored one is kept, and the field is left out of the PUT) and the
 * expiry date. Mount it only while open.
 */
export function EditCertificateModal({
  certificate,
  onClose,
}: {
  certificate: Certificate;
  onClose(): void;
}) {
  const mutation = useUpdateCertificate();
  const custom = certificate.type_certificat === 'Personnalisé';
  const form = useForm({
    resolver: zodResolver(updateCertificateSchema),
    defaultValues: {
      nom: certificate.nom,
      description: certificate.description ?? '',
      contenu_certificat: '',
      contenu_cle_privee: '',
      date_expiration: certificate.date_expiration
        ? toDateInputValue(new Date(certificate.date_expiration))
        : '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const fillExpiry = (pem: string) => {
    const expiresAt = readPemExpiry(pem);
    if (expiresAt) form.setValue('date_expiration', toDateInputValue(expiresAt));
  };

  const onSubmit = form.handleSubmit(async (values) => {
    // Only a custom certificate's content and date are the user's to change.
    const data = custom ? values : { nom: values.nom, description: values.description };
    let updated: Certificate;
    try {
      updated = await mutation.mutateAsync({ certificateId: certificate.id, data });
    } catch (error) {
      const rest = placeServerErrors(error, fields, form.setError, certificateErrors.update);
      if (rest) notify.error(rest);
      return;
    }
    notify.success(certificateSuccess.updated);
    for (const warning of updated.avertissements ?? []) inform(warning);
    onClose();
  });

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !isSubmitting && onClose()}
      title="Modifier le certificat"
      description={certificate.nom}
      size="lg"
      footer={<ModalFormActions formId={FORM_ID} submitting={isSubmitting} onCancel={onClose} />}
    >
      <form
        id={FORM_ID}
        onSubmit={onSubmit}
        noValidate
        aria-label="Modifier le certificat"
        className="space-y-4"
      >
        <FormField label="Nom du certificat" error={errors.nom?.message}>
          <Input autoComplete="off" {...form.register('nom')} />
        </FormField>
        <FormField label="Description (optionnelle)" error={errors.description?.message}>
          <Textarea rows={2} {...form.register('description')} />
        </FormField>
        {custom && (
          <>
            <PemField
              label="Nouveau certificat (PEM)"
              hint={KEEP}
              error={errors.contenu_certificat?.message}
              placeholder={CERTIFICATE_PLACEHOLDER}
              registration={form.register('contenu_certificat', {
                onChange: (event: { target: { value: string } }) => fillExpiry(event.target.value),
              })}
              fileLabel="Fichier du nouveau certificat"
              accept={CERTIFICATE_FILE_TYPES}
              onFile={(text) => {
                form.setValue('contenu_certificat', text, { shouldDirty: true });
                fillExpiry(text);
              }}
              onFileError={(message) => form.setError('contenu_certificat', { message })}
            />
            <PemField
              label="Nouvelle clé privée (PEM)"
              hint={`${KEEP} La clé enregistrée n’est jamais réaffichée.`}
              error={errors.contenu_cle_privee?.message}
              placeholder={KEY_PLACEHOLDER}
              registration={form.register('contenu_cle_privee')}
              fileLabel="Fichier de la nouvelle clé privée"
              accept={KEY_FILE_TYPES}
              onFile={(text) => form.setValue('contenu_cle_privee', text, { shouldDirty: true })}
              onFileError={(message) => form.setError('contenu_cle_privee', { message })}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Date d'expiration" error={errors.date_expiration?.message}>
                <Input type="date" {...form.register('date_expiration')} />
              </FormField>
            </div>
          </>
        )}
      </form>
    </Modal>
  );
}
