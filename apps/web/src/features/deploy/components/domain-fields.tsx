import { domainOwnershipTexts } from '@nuage/shared/dns-help';
import { useQuery } from '@tanstack/react-query';
import { platformQueryOptions } from '@/lib/platform-query';
import { DomainCertificateFields } from '@/components/certificate-select/certificate-select';
import { Notice } from '@/components/ui/notice';
import type { WizardForm } from './wizard-form';

/**
 * The optional custom domain and its certificate (generated address when left empty); once a
 * domain is typed, what the customer will do at their DNS provider, or that it can wait while
 * the platform has no public address to point it to (issue 33 item 7).
 */
export function DomainFields({ form }: { form: WizardForm }) {
  const { errors } = form.formState;
  const domain = String(form.watch('custom_domain') ?? '').trim();
  const platform = useQuery(platformQueryOptions());
  return (
    <div className="space-y-3">
      <DomainCertificateFields
        projectId={String(form.watch('project_id') ?? '')}
        domain={domain}
        label="Nom de domaine personnalisé (optionnel)"
        hint={`Laissé vide, une adresse est générée automatiquement. ${domainOwnershipTexts.formHint}`}
        domainError={errors.custom_domain?.message}
        certificateError={errors.certificat_tls_id?.message}
        domainInput={form.register('custom_domain')}
        certificateInput={form.register('certificat_tls_id')}
      />
      {domain !== '' && platform.data && (
        <div role="note" aria-label="Configuration DNS du domaine">
          {platform.data.dns_configure ? (
            <Notice tone="info" title={domainOwnershipTexts.wizardStepsTitle}>
              <ol className="list-decimal space-y-0.5 pl-5">
                {domainOwnershipTexts.wizardSteps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
              <p className="mt-1">{domainOwnershipTexts.wizardStepsWhere}</p>
            </Notice>
          ) : (
            <Notice tone="warning">{domainOwnershipTexts.wizardNoAddress}</Notice>
          )}
        </div>
      )}
    </div>
  );
}
