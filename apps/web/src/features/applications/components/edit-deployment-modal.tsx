import { domainOwnershipTexts } from '@nuage/shared/dns-help';
import { zodResolver } from '@hookform/resolvers/zod';
import { operationsErrors, operationsSuccess } from '@nuage/shared/operations-messages';
import {
  deployLimits,
  updateDeploymentSchema,
  type UpdateDeploymentInput,
} from '@nuage/shared/schemas/deployments';
import { useForm, useWatch } from 'react-hook-form';
import { DomainCertificateFields } from '@/components/certificate-select/certificate-select';
import type { QuotaErrorDetail } from '@/components/quota/quota-error';
import { quotaErrorOf } from '@/components/quota/quota-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { ModalFormActions } from '@/components/ui/modal-form-actions';
import { asNumber, NumberInput } from '@/components/ui/number-input';
import { failureMessage } from '@/lib/failure-message';
import { notify } from '@/lib/toast';
import { useUpdateDeployment } from '../api/update-deployment';

/** The fields of an application the edit modal starts from. */
export interface EditableDeployment {
  id: string;
  nom: string;
  cpu_requis: number;
  ram_requise: number;
  replicas: number;
  image_registry_url: string;
  image_tag: string;
  nom_de_domaine: string | null;
  helm_chart_version: string;
  projet_id: string;
  certificat_tls_id: string | null;
}

const FORM_ID = 'edit-deployment-form';

const valuesOf = (d: EditableDeployment): UpdateDeploymentInput => ({
  nom: d.nom,
  cpu_requis: d.cpu_requis,
  ram_requise: d.ram_requise,
  replicas: d.replicas,
  image_registry_url: d.image_registry_url,
  image_tag: d.image_tag,
  nom_de_domaine: d.nom_de_domaine ?? '',
  helm_chart_version: d.helm_chart_version,
  certificat_tls_id: d.certificat_tls_id ?? '',
});

/**
 * SPEC §2 edit modal: name, CPU, RAM, replicas, image registry URL, image tag, domain, Helm
 * version, validated by the API's own schema. A quota refusal closes it and hands the quota
 * object to the page's 'Quota insuffisant' dialog. Mount it only while open.
 */
export function EditDeploymentModal({
  deployment,
  onClose,
  onSaved,
  onQuotaExceeded,
}: {
  deployment: EditableDeployment;
  onClose(): void;
  /** After a successful save (before onClose). */
  onSaved?(): void;
  onQuotaExceeded(detail: QuotaErrorDetail): void;
}) {
  const mutation = useUpdateDeployment();
  const form = useForm({
    resolver: zodResolver(updateDeploymentSchema),
    defaultValues: valuesOf(deployment),
  });
  const { errors, isSubmitting } = form.formState;
  const L = deployLimits;

  const domain = String(useWatch({ control: form.control, name: 'nom_de_domaine' }) ?? '');

  const onSubmit = form.handleSubmit(async (parsed) => {
    // '' is "Let's Encrypt automatique": sent as null so an attached certificate is detached.
    const chosen = String(form.getValues('certificat_tls_id') ?? '');
    const certificate = domain.trim() && chosen ? chosen : null;
    const data = { ...parsed, certificat_tls_id: certificate };
    try {
      await mutation.mutateAsync({ deploymentId: deployment.id, data });
    } catch (err) {
      const quota = quotaErrorOf(err);
      if (quota) {
        onClose();
        onQuotaExceeded(quota);
        return;
      }
      const message = failureMessage(err, operationsErrors.deploymentUpdate);
      if (message) notify.error(message);
      return;
    }
    notify.success(operationsSuccess.deploymentUpdated);
    onSaved?.();
    onClose();
  });

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !isSubmitting && onClose()}
      title="Modifier l'application"
      description={deployment.nom}
      size="lg"
      footer={<ModalFormActions formId={FORM_ID} submitting={isSubmitting} onCancel={onClose} />}
    >
      <form
        id={FORM_ID}
        onSubmit={onSubmit}
        noValidate
        aria-label="Modifier l'application"
        className="space-y-4"
      >
        <FormField label="Nom" error={errors.nom?.message}>
          <Input autoComplete="off" {...form.register('nom')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="CPU (cores)" error={errors.cpu_requis?.message}>
            <NumberInput
              step={0.1}
              min={0}
              max={L.cpu.max}
              {...form.register('cpu_requis', asNumber)}
            />
          </FormField>
          <FormField label="RAM (GB)" error={errors.ram_requise?.message}>
            <NumberInput
              step={0.1}
              min={0}
              max={L.ram.max}
              {...form.register('ram_requise', asNumber)}
            />
          </FormField>
          <FormField label="Instances" error={errors.replicas?.message}>
            <NumberInput
              step={1}
              min={L.replicas.min}
              max={L.replicas.max}
              {...form.register('replicas', asNumber)}
            />
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="URL du registre d'images" error={errors.image_registry_url?.message}>
            <Input autoComplete="off" spellCheck={false} {...form.register('image_registry_url')} />
          </FormField>
          <FormField label="Tag de l'image" error={errors.image_tag?.message}>
            <Input autoComplete="off" spellCheck={false} {...form.register('image_tag')} />
          </FormField>
          <DomainCertificateFields
            projectId={deployment.projet_id}
            domain={domain}
            label="Nom de domaine"
            hint={`Laissez vide pour retirer le domaine. ${domainOwnershipTexts.formHint}`}
            domainError={errors.nom_de_domaine?.message}
            certificateError={errors.certificat_tls_id?.message}
            domainInput={form.register('nom_de_domaine')}
            certificateInput={form.register('certificat_tls_id')}
          />
          <FormField label="Version du modèle" error={errors.helm_chart_version?.message}>
            <Input autoComplete="off" {...form.register('helm_chart_version')} />
          </FormField>
        </div>
      </form>
    </Modal>
  );
}
