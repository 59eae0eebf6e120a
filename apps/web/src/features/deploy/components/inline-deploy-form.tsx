import { zodResolver } from '@hookform/resolvers/zod';
import { inlineCodeTexts } from '@nuage/shared/code-app-texts';
import { deployButton, deploySuccess } from '@nuage/shared/messages';
import {
  inlineDeployDefaults,
  inlineDeploySchema,
  type InlineDeployData,
  type InlineDeployValues,
} from '@nuage/shared/schemas/deploy-wizard';
import { deployLimits, deployMessages } from '@nuage/shared/schemas/deployments';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { DomainCertificateFields } from '@/components/certificate-select/certificate-select';
import { quotaErrorOf, type QuotaErrorDetail } from '@/components/quota/quota-error';
import { QuotaExceededModal } from '@/components/quota/quota-exceeded-modal';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { asNumber, NumberInput } from '@/components/ui/number-input';
import { ApiError, messageFromDetail } from '@/lib/api-client';
import { useDeployApplication } from '@/lib/deploy-application';
import { useDeployCode } from '@/lib/deploy-code';
import { useDeployImage } from '@/lib/deploy-image';
import { notify } from '@/lib/toast';
import { deployFailureMessage } from './deploy-error';
import { codeBodyOf, erpBodyOf, imageBodyOf } from './inline-deploy-body';
import { placeInlineIssues } from './inline-deploy-issues';
import { InlineSourceFields } from './inline-source-fields';
const L = deployLimits;

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

/**
 * The environment page's quick deploy form (SPEC §2, §5): an ERP image, CODE from a public
 * repository (issue 13), which then opens the application page where its first build runs, or
 * any IMAGE (issue 30).
 */
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
    // Validated on submit, then as fields change: never on blur, whose message would push
    // « Déployer » down while it is being pressed and lose that first click (issue 33 item 4).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: inlineDeployDefaults,
  });
  const mutation = useDeployApplication({ awaitLists: true });
  const codeMutation = useDeployCode({ awaitLists: true });
  const imageMutation = useDeployImage({ awaitLists: true });
  const navigate = useNavigate();
  const [quota, setQuota] = useState<QuotaErrorDetail | null>(null);
  const { errors, isSubmitting } = form.formState;
  const domain = String(useWatch({ control: form.control, name: 'nom_domaine' }) ?? '');

  /**
   * A refused deploy (422): each issue said at its field (a catalogue-image refusal at « Image
   * Docker », a repository at its URL), not in a toast over the buttons. A refused repository
   * with no field named is said at the URL; what has no field left is a short toast.
   */
  const refuseFields = (err: ApiError, isCode: boolean) => {
    const { placed, other } = placeInlineIssues(err.issues);
    placed.forEach(({ field, message }, i) =>
      form.setError(field, { type: 'server', message }, { shouldFocus: i === 0 }),
    );
    if (placed.length > 0) {
      if (other.length > 0) notify.error(other.join(', '));
      return;
    }
    const message = messageFromDetail(err.detail, err.message);
    if (isCode)
      form.setError('source.repo_url', { type: 'server', message }, { shouldFocus: true });
    else notify.error(message);
  };

  const submit = form.handleSubmit(async (data) => {
    const isCode = data.source.type_application === 'CODE';
    let codeApp: { id: string } | null = null;
    try {
      if (data.source.type_application === 'IMAGE') {
        await imageMutation.mutateAsync({ environmentId, projectId, body: imageBodyOf(data) });
      } else if (isCode) {
        codeApp = await codeMutation.mutateAsync({
          environmentId,
          projectId,
          body: codeBodyOf(data),
        });
      } else {
        await mutation.mutateAsync({ environmentId, projectId, body: erpBodyOf(data) });
      }
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
      } else if (err instanceof ApiError && err.status === 422) {
        refuseFields(err, isCode);
      } else {
        const message = deployFailureMessage(err);
        if (message) notify.error(message);
      }
      return;
    }
    if (codeApp) {
      notify.success(inlineCodeTexts.launched);
      navigate(`/deployment/${codeApp.id}`);
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
        description="Une application du catalogue depuis son image officielle, votre code depuis un dépôt Git (public, ou privé avec un token du projet), ou n'importe quelle image de conteneur."
      />
      <CardBody>
        <form onSubmit={submit} noValidate aria-label="Déploiement rapide" className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Nom de l'application" error={errors.nom?.message}>
              <Input autoComplete="off" placeholder="mon-site" {...form.register('nom')} />
            </FormField>
            <InlineSourceFields form={form} projectId={projectId} />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label="CPU (cores)" error={errors.cpu?.message}>
              <NumberInput step={L.cpu.step} min={L.cpu.min} {...form.register('cpu', asNumber)} />
            </FormField>
            <FormField label="RAM (GB)" error={errors.ram?.message}>
              <NumberInput step={L.ram.step} min={L.ram.min} {...form.register('ram', asNumber)} />
            </FormField>
            <FormField label="Instances" error={errors.replicas?.message}>
              <NumberInput step={1} min={L.replicas.min} {...form.register('replicas', asNumber)} />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <DomainCertificateFields
              projectId={projectId}
              domain={domain}
              label="Nom de domaine (optionnel)"
              domainError={errors.nom_domaine?.message}
              certificateError={errors.certificat_tls_id?.message}
              domainInput={form.register('nom_domaine')}
              certificateInput={form.register('certificat_tls_id')}
            />
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
