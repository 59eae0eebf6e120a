import { zodResolver } from '@hookform/resolvers/zod';
import { composeFormTexts as t } from '@nuage/shared/messages/compose';
import { deployButton } from '@nuage/shared/messages';
import { deployComposeSchema } from '@nuage/shared/schemas/compose-deploy';
import { deployMessages } from '@nuage/shared/schemas/deployments';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { DomainCertificateFields } from '@/components/certificate-select/certificate-select';
import { quotaErrorOf, type QuotaErrorDetail } from '@/components/quota/quota-error';
import { QuotaExceededModal } from '@/components/quota/quota-exceeded-modal';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { asNumber, NumberInput } from '@/components/ui/number-input';
import { ApiError, messageFromDetail } from '@/lib/api-client';
import { useDeployCompose } from '@/lib/deploy-compose';
import { notify } from '@/lib/toast';
import { deployFailureMessage } from './deploy-error';
import { composeServiceNames } from './compose-service-names';

type Field =
  'nom' | 'fichier_compose' | 'service_expose' | 'port' | 'nom_domaine' | 'certificat_tls_id';
const FIELDS: readonly Field[] = [
  'nom',
  'fichier_compose',
  'service_expose',
  'port',
  'nom_domaine',
  'certificat_tls_id',
];

/**
 * The environment page's « Docker Compose » form (issue 30 item 2): the pasted file, the exposed
 * service (its names offered from the file) and port. Every refusal of the file is listed
 * under it, as the API says each (service and key).
 */
export function ComposeDeployForm({
  environmentId,
  projectId,
  onClose,
}: {
  environmentId: string;
  projectId: string;
  onClose(): void;
}) {
  const form = useForm({
    resolver: zodResolver(deployComposeSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      nom: '',
      fichier_compose: '',
      service_expose: '',
      port: 8080,
      nom_domaine: '',
      certificat_tls_id: '',
    },
  });
  const mutation = useDeployCompose();
  const navigate = useNavigate();
  const listId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const [quota, setQuota] = useState<QuotaErrorDetail | null>(null);
  const { errors, isSubmitting } = form.formState;
  const file = String(useWatch({ control: form.control, name: 'fichier_compose' }) ?? '');
  const domain = String(useWatch({ control: form.control, name: 'nom_domaine' }) ?? '');
  const names = composeServiceNames(file);

  const submit = form.handleSubmit(async (data) => {
    setProblems([]);
    try {
      const app = await mutation.mutateAsync({ environmentId, projectId, body: data });
      notify.success(t.deployed);
      navigate(`/deployment/${app.id}`);
    } catch (err) {
      const quotaError = quotaErrorOf(err);
      if (quotaError) return setQuota(quotaError);
      if (
        err instanceof ApiError &&
        err.status === 409 &&
        err.detail === deployMessages.nameTaken
      ) {
        return form.setError('nom', { type: 'taken', message: deployMessages.nameTaken });
      }
      if (err instanceof ApiError && err.status === 422) {
        const fileProblems: string[] = [];
        for (const issue of err.issues) {
          const field = String(issue.loc[1] ?? '') as Field;
          if (field === 'fichier_compose') fileProblems.push(issue.msg);
          else if (FIELDS.includes(field))
            form.setError(field, { type: 'server', message: issue.msg });
          else notify.error(issue.msg);
        }
        if (err.issues.length === 0) notify.error(messageFromDetail(err.detail, err.message));
        return setProblems(fileProblems);
      }
      const message = deployFailureMessage(err);
      if (message) notify.error(message);
    }
  });

  return (
    <Card>
      <CardHeader title={t.title} description={t.description} />
      <CardBody>
        <form onSubmit={submit} noValidate aria-label={t.title} className="space-y-4">
          <FormField label="Nom de l'application" error={errors.nom?.message}>
            <Input autoComplete="off" placeholder="ma-pile" {...form.register('nom')} />
          </FormField>
          <FormField
            label={t.fileLabel}
            error={errors.fichier_compose?.message}
            hint={problems.length ? undefined : t.fileHint}
          >
            <Textarea
              rows={14}
              spellCheck={false}
              className="font-mono text-xs"
              placeholder={
                'services:\n  web:\n    image: ghcr.io/acme/api:1.4\n    depends_on: [db]\n  db:\n    image: postgres:16'
              }
              {...form.register('fichier_compose')}
            />
          </FormField>
          {problems.length > 0 && (
            <div
              role="alert"
              className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/40 dark:text-red-300"
            >
              <p className="font-medium">{t.problemsTitle}</p>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={t.serviceLabel}
              error={errors.service_expose?.message}
              hint={t.serviceHint(names)}
            >
              <Input
                autoComplete="off"
                list={listId}
                placeholder="web"
                {...form.register('service_expose')}
              />
            </FormField>
            <datalist id={listId}>
              {names.map((n) => (
                <option key={n} value={n} />
              ))}
            </datalist>
            <FormField label={t.portLabel} error={errors.port?.message}>
              <NumberInput step={1} min={1} {...form.register('port', asNumber)} />
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
              {t.cancel}
            </Button>
            <Button type="submit" loading={isSubmitting} loadingText={deployButton.pending}>
              {t.submit}
            </Button>
          </div>
        </form>
      </CardBody>
      <QuotaExceededModal detail={quota} onClose={() => setQuota(null)} />
    </Card>
  );
}
