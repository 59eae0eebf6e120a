import { composeFormTexts as t } from '@nuage/shared/messages/compose';
import { deployButton } from '@nuage/shared/messages';
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
import { composeFormDefaults, composeResolver, placeComposeIssues } from './compose-deploy-values';
import { ComposeGitFields } from './compose-git-fields';
import { ComposeProblems } from './compose-problems';
import { composeServiceNames } from './compose-service-names';

/**
 * The environment page's « Docker Compose » form (issue 30 item 2): the file, pasted or read
 * from a Git repository (whose services with `build:` the platform builds at each commit), the
 * exposed service (its names offered from a pasted file) and port. Every refusal of a pasted
 * file is listed under it, as the API says each (service and key); a repository's at its fields.
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
    resolver: composeResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: composeFormDefaults,
  });
  const mutation = useDeployCompose();
  const navigate = useNavigate();
  const listId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const [quota, setQuota] = useState<QuotaErrorDetail | null>(null);
  const { errors, isSubmitting } = form.formState;
  const file = String(useWatch({ control: form.control, name: 'fichier_compose' }) ?? '');
  const domain = String(useWatch({ control: form.control, name: 'nom_domaine' }) ?? '');
  const source = useWatch({ control: form.control, name: 'source' });
  const fromGit = source === 'git';
  const names = fromGit ? [] : composeServiceNames(file);

  // The other source's errors and refusals are not this one's: said again at the next submit.
  const sourceInput = form.register('source', {
    onChange: () => {
      setProblems([]);
      form.clearErrors(['fichier_compose', 'depot_git']);
    },
  });

  const submit = form.handleSubmit(async (data) => {
    setProblems([]);
    try {
      const app = await mutation.mutateAsync({ environmentId, projectId, body: data });
      // From a repository the application page follows its first build, as for code.
      notify.success(data.depot_git ? t.gitDeployed : t.deployed);
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
        const { fields, fileProblems, other } = placeComposeIssues(err.issues);
        [...fields].forEach(([field, messages], i) => {
          // A repository's file refused for several reasons: each listed under its path.
          const several = field === 'depot_git.chemin_compose' && messages.length > 1;
          const message = several ? t.repositoryProblemsBelow(messages.length) : messages.join(' ');
          form.setError(field, { type: 'server', message }, { shouldFocus: i === 0 });
          if (several) fileProblems.push(...messages);
        });
        other.forEach((message) => notify.error(message));
        if (err.issues.length === 0) {
          const message = messageFromDetail(err.detail, err.message);
          // A repository the API could not read, said without a field: at its URL.
          if (fromGit)
            form.setError(
              'depot_git.repository_url',
              { type: 'server', message },
              { shouldFocus: true },
            );
          else notify.error(message);
        }
        return setProblems(fileProblems);
      }
      const message = deployFailureMessage(err);
      if (message) notify.error(message);
    }
  });

  return (
    <Card>
      <CardHeader title={t.title} description={fromGit ? t.descriptionGit : t.description} />
      <CardBody>
        <form onSubmit={submit} noValidate aria-label={t.title} className="space-y-4">
          <FormField label="Nom de l'application" error={errors.nom?.message}>
            <Input autoComplete="off" placeholder="ma-pile" {...form.register('nom')} />
          </FormField>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">
              {t.sourceLegend}
            </legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {(
                [
                  ['paste', t.sourcePaste],
                  ['git', t.sourceGit],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input type="radio" value={value} className="size-4" {...sourceInput} />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {fromGit ? (
            <ComposeGitFields form={form} projectId={projectId} pathProblems={problems} />
          ) : (
            <>
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
              <ComposeProblems title={t.problemsTitle} problems={problems} />
            </>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={t.serviceLabel}
              error={errors.service_expose?.message}
              hint={fromGit ? t.serviceHintGit : t.serviceHint(names)}
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
