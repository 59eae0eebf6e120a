import { zodResolver } from '@hookform/resolvers/zod';
import { COMING_SOON } from '@nuage/shared/catalog';
import { certificateChoiceTexts } from '@nuage/shared/certificate-choice';
import { deployButton, deploySuccess } from '@nuage/shared/messages';
import {
  inlineDeployDefaults,
  inlineDeploySchema,
  type InlineDeployData,
  type InlineDeployValues,
} from '@nuage/shared/schemas/deploy-wizard';
import { deployLimits, deployMessages } from '@nuage/shared/schemas/deployments';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  CertificateHint,
  CertificateSelect,
} from '@/components/certificate-select/certificate-select';
import { deployFailureMessage } from '@/components/quota/deploy-error';
import { quotaErrorOf, type QuotaErrorDetail } from '@/components/quota/quota-error';
import { QuotaExceededModal } from '@/components/quota/quota-exceeded-modal';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { asNumber, NumberInput } from '@/components/ui/number-input';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useDeployApplication } from '@/lib/deploy-application';
const L = deployLimits;

/** SPEC §7: the inline variant sends 'ERP', the image and tag, the certificate, the domain. */
const bodyOf = (d: InlineDeployData) => ({
  nom: d.nom,
  cpu: d.cpu,
  ram: d.ram,
  replicas: d.replicas,
  type_application: d.type_application,
  image_registry_url: d.image_registry_url,
  image_tag: d.image_tag,
  certificat_tls_id: (d.nom_domaine && d.certificat_tls_id) || null,
  nom_domaine: d.nom_domaine || null,
});

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const zodInline = zodResolver(inlineDeploySchema);

/**
 * The shared schema, plus the names already used in the environment (the form's `context`): a
 * taken name is flagged with the other errors of the same submit, not after them by the server.
 */
const inlineResolver: Resolver<InlineDeployValues, readonly string[], InlineDeployData> = async (
  values,
  takenNames,
  options,
) => {
  const result = await zodInline(values, takenNames, options);
  const nom = typeof values.nom === 'string' ? values.nom : '';
  if (result.errors.nom || !(takenNames ?? []).some((n) => sameName(n, nom))) return result;
  return {
    values: {},
    errors: { ...result.errors, nom: { type: 'taken', message: deployMessages.nameTaken } },
  };
};

/** The environment page's quick deploy form (SPEC §2, §5): ERP only, CODE 'Arrive bientôt'. */
export function InlineDeployForm({
  environmentId,
  projectId,
  takenNames,
  onClose,
}: {
  environmentId: string;
  projectId: string;
  /** Names of the environment's applications (unique per environment, any case). */
  takenNames: readonly string[];
  onClose(): void;
}) {
  const form = useForm({
    resolver: inlineResolver,
    // Read at each validation: the list may arrive (or change) after the form opened.
    context: takenNames,
    mode: 'onTouched',
    defaultValues: inlineDeployDefaults,
  });
  const mutation = useDeployApplication({ awaitLists: true });
  const [quota, setQuota] = useState<QuotaErrorDetail | null>(null);
  const { errors, isSubmitting } = form.formState;
  const domain = String(useWatch({ control: form.control, name: 'nom_domaine' }) ?? '');

  const submit = form.handleSubmit(async (data) => {
    try {
      await mutation.mutateAsync({ environmentId, projectId, body: bodyOf(data) });
    } catch (err) {
      const quotaError = quotaErrorOf(err);
      if (quotaError) setQuota(quotaError);
      else if (
        err instanceof ApiError &&
        err.status === 409 &&
        err.detail === deployMessages.nameTaken
      ) {
        // Taken meanwhile by someone else: said at the field, like the form's own errors.
        form.setError(
          'nom',
          { type: 'taken', message: deployMessages.nameTaken },
          { shouldFocus: true },
        );
      } else {
        const message = deployFailureMessage(err);
        if (message) notify.error(message);
      }
      return;
    }
    notify.success(deploySuccess.inlineDeployed);
    form.reset(inlineDeployDefaults);
    onClose();
  });

  return (
    <Card>
      <CardHeader
        title="Déploiement rapide"
        description="Une application du catalogue à partir de son image Docker officielle."
      />
      <CardBody>
        <form onSubmit={submit} noValidate aria-label="Déploiement rapide" className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Nom de l'application" error={errors.nom?.message}>
              <Input autoComplete="off" placeholder="mon-site" {...form.register('nom')} />
            </FormField>
            <FormField label="Type" error={errors.type_application?.message}>
              <Select {...form.register('type_application')}>
                <option value="ERP">ERP (application prête à l'emploi)</option>
                <option value="CODE" disabled>
                  CODE ({COMING_SOON})
                </option>
              </Select>
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label="CPU (cores)" error={errors.cpu?.message}>
              <NumberInput step={L.cpu.step} min={L.cpu.min} {...form.register('cpu', asNumber)} />
            </FormField>
            <FormField label="RAM (GB)" error={errors.ram?.message}>
              <NumberInput step={L.ram.step} min={L.ram.min} {...form.register('ram', asNumber)} />
            </FormField>
            <FormField label="Replicas" error={errors.replicas?.message}>
              <NumberInput step={1} min={L.replicas.min} {...form.register('replicas', asNumber)} />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <FormField
              label="Image Docker"
              error={errors.image_registry_url?.message}
              hint="Images officielles du catalogue : wordpress, odoo, joomla, drupal, nextcloud, matomo. Toute autre image est refusée."
            >
              <Input
                autoComplete="off"
                placeholder="docker.io/library/wordpress"
                {...form.register('image_registry_url')}
              />
            </FormField>
            <FormField label="Tag" error={errors.image_tag?.message}>
              <Input autoComplete="off" {...form.register('image_tag')} />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Nom de domaine (optionnel)" error={errors.nom_domaine?.message}>
              <Input
                autoComplete="off"
                placeholder="boutique.exemple.sn"
                {...form.register('nom_domaine')}
              />
            </FormField>
            <FormField
              label={certificateChoiceTexts.label}
              error={errors.certificat_tls_id?.message}
              hint={<CertificateHint projectId={projectId} domain={domain} />}
            >
              <CertificateSelect
                projectId={projectId}
                domain={domain}
                {...form.register('certificat_tls_id')}
              />
            </FormField>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
              Annuler
            </Button>
            <Button type="submit" loading={isSubmitting} loadingText={deployButton.pending}>
              Déployer
            </Button>
          </div>
        </form>
      </CardBody>
      <QuotaExceededModal detail={quota} onClose={() => setQuota(null)} />
    </Card>
  );
}
