import { zodResolver } from '@hookform/resolvers/zod';
import type { Project } from '@nuage/shared/api-types';
import type { Certificate } from '@nuage/shared/certificate-types';
import { certificateErrors, certificateSuccess } from '@nuage/shared/messages';
import { customCertificateSchema } from '@nuage/shared/schemas/certificates';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { inform, notify } from '@/lib/toast';
import { useCreateCustomCertificate } from '../api/create-custom-certificate';
import { readPemExpiry, toDateInputValue } from './pem-expiry';
import { CERTIFICATE_PLACEHOLDER, KEY_PLACEHOLDER, PemField } from './pem-field';
import { CERTIFICATE_FILE_TYPES, KEY_FILE_TYPES } from './pem-file-button';
import { defaultProjectId, ProjectField } from './project-field';
import { placeServerErrors } from './server-errors';

const fields = [
  'nom',
  'description',
  'projet_id',
  'contenu_certificat',
  'contenu_cle_privee',
  'date_expiration',
] as const;

/** SPEC §3 "Custom creation form": an uploaded certificate, created Actif. */
export function CustomCertificateForm({
  projects,
  preferredProjectId,
  formId,
  onDone,
}: {
  projects: Project[];
  preferredProjectId?: string | undefined;
  /** The modal's footer submits it (`form` attribute). */
  formId: string;
  onDone(certificate: Certificate): void;
}) {
  const mutation = useCreateCustomCertificate();
  const projectId = defaultProjectId(projects, preferredProjectId);
  const form = useForm({
    resolver: zodResolver(customCertificateSchema),
    defaultValues: {
      nom: '',
      description: '',
      projet_id: projectId,
      contenu_certificat: '',
      contenu_cle_privee: '',
      date_expiration: '',
    },
  });
  const { errors, isSubmitted } = form.formState;

  /** The expiry date is the certificate's own: read it as soon as the certificate is there. */
  const fillExpiry = (pem: string) => {
    const expiresAt = readPemExpiry(pem);
    if (expiresAt) {
      form.setValue('date_expiration', toDateInputValue(expiresAt), {
        shouldValidate: isSubmitted,
        shouldDirty: true,
      });
    }
  };
  const setPem = (field: 'contenu_certificat' | 'contenu_cle_privee', text: string) => {
    form.setValue(field, text, { shouldValidate: true, shouldDirty: true });
    if (field === 'contenu_certificat') fillExpiry(text);
  };

  const onSubmit = form.handleSubmit(async (data) => {
    let certificate: Certificate;
    try {
      certificate = await mutation.mutateAsync(data);
    } catch (error) {
      const rest = placeServerErrors(error, fields, form.setError, certificateErrors.create);
      if (rest) notify.error(rest);
      return;
    }
    notify.success(certificateSuccess.created);
    for (const warning of certificate.avertissements ?? []) inform(warning);
    onDone(certificate);
  });

  return (
    <form
      id={formId}
      onSubmit={onSubmit}
      noValidate
      aria-label="Certificat personnalisé"
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Nom du certificat" error={errors.nom?.message}>
          <Input autoComplete="off" placeholder="Boutique — production" {...form.register('nom')} />
        </FormField>
        <ProjectField
          projects={projects}
          registration={form.register('projet_id')}
          error={errors.projet_id?.message}
          defaultValue={projectId}
        />
      </div>
      <PemField
        label="Certificat (PEM)"
        hint="Le certificat du domaine, suivi des certificats intermédiaires."
        error={errors.contenu_certificat?.message}
        placeholder={CERTIFICATE_PLACEHOLDER}
        registration={form.register('contenu_certificat', {
          onChange: (event: { target: { value: string } }) => fillExpiry(event.target.value),
        })}
        fileLabel="Fichier du certificat"
        accept={CERTIFICATE_FILE_TYPES}
        onFile={(text) => setPem('contenu_certificat', text)}
        onFileError={(message) => form.setError('contenu_certificat', { message })}
      />
      <PemField
        label="Clé privée (PEM)"
        hint="Non chiffrée. Conservée chiffrée par la plateforme et jamais réaffichée."
        error={errors.contenu_cle_privee?.message}
        placeholder={KEY_PLACEHOLDER}
        registration={form.register('contenu_cle_privee')}
        fileLabel="Fichier de la clé privée"
        accept={KEY_FILE_TYPES}
        onFile={(text) => setPem('contenu_cle_privee', text)}
        onFileError={(message) => form.setError('contenu_cle_privee', { message })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Date d'expiration"
          error={errors.date_expiration?.message}
          hint="Remplie à partir du certificat dès qu'il est lu."
        >
          <Input type="date" {...form.register('date_expiration')} />
        </FormField>
      </div>
      <FormField label="Description (optionnelle)" error={errors.description?.message}>
        <Textarea rows={2} {...form.register('description')} />
      </FormField>
    </form>
  );
}
