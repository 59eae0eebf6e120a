import { domainOwnershipTexts } from '@nuage/shared/dns-help';
import { DomainCertificateFields } from '@/components/certificate-select/certificate-select';
import type { WizardForm } from './wizard-form';

/** The optional custom domain and its certificate (generated address when left empty). */
export function DomainFields({ form }: { form: WizardForm }) {
  const { errors } = form.formState;
  return (
    <DomainCertificateFields
      projectId={String(form.watch('project_id') ?? '')}
      domain={String(form.watch('custom_domain') ?? '')}
      label="Nom de domaine personnalisé (optionnel)"
      hint={`Laissé vide, une adresse est générée automatiquement. ${domainOwnershipTexts.formHint}`}
      domainError={errors.custom_domain?.message}
      certificateError={errors.certificat_tls_id?.message}
      domainInput={form.register('custom_domain')}
      certificateInput={form.register('certificat_tls_id')}
    />
  );
}
