import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AppPortField } from '@/components/build-settings/app-port-field';
import { BuildArgsFields } from '@/components/build-settings/build-args-fields';
import {
  BranchField,
  GitTokenField,
  ProjectTokensHint,
  RepositoryAccessField,
  RepositoryUrlField,
} from '@/components/repository-source/repository-source-fields';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { ModalFormActions } from '@/components/ui/modal-form-actions';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import { composeFormTexts } from '@nuage/shared/messages/compose';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { gitTokensQuery } from '@/lib/git-tokens-query';
import { notify } from '@/lib/toast';
import { useUpdateSource } from '../api/update-source';
import { bodyOf, draftOf, placeIssues, type SourceDraft, type SourceErrors } from './source-form';

const FORM_ID = 'edit-source-form';

/**
 * « Modifier la source »: repository, branch, access (public, or private with a project token),
 * build arguments and port (a Compose application: repository, branch and access only; its file
 * has its build arguments). The server reads the repository before storing anything; a change
 * builds the new branch's head while the current release keeps serving.
 * Mounted only while open: each opening starts from the application as it is now.
 */
export function SourceEditModal({
  deployment: d,
  onOpenChange,
}: {
  deployment: DeploymentDetail;
  onOpenChange(open: boolean): void;
}) {
  const isCompose = d.source_kind === 'compose';
  const [draft, setDraft] = useState<SourceDraft>(() => draftOf(d));
  const [errors, setErrors] = useState<SourceErrors>({});
  const save = useUpdateSource(d.id);
  const tokens = useQuery({ ...gitTokensQuery(d.projet_id), enabled: draft.access === 'private' });
  const set = (patch: Partial<SourceDraft>) => setDraft((now) => ({ ...now, ...patch }));
  const setArg = (index: number, patch: Partial<SourceDraft['build_args'][number]>) =>
    setDraft((now) => ({
      ...now,
      build_args: now.build_args.map((arg, i) => (i === index ? { ...arg, ...patch } : arg)),
    }));
  const close = (next: boolean) => !save.isPending && onOpenChange(next);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const checked = bodyOf(draft);
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    let result;
    try {
      result = await save.mutateAsync(checked.body);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status === 401) return;
      const placed = placeIssues(err.issues);
      setErrors(Object.keys(placed).length > 0 ? placed : { form: err.message });
      return;
    }
    notify.success(
      result.build_id
        ? 'Source enregistrée : un nouveau build de la branche est en file d’attente.'
        : 'Aucun changement : la source est déjà celle-ci.',
    );
    onOpenChange(false);
  };

  const noTokens = tokens.data?.length === 0;
  return (
    <Modal
      open
      onOpenChange={close}
      size="lg"
      title="Modifier la source"
      description="Le dépôt est lu avant l'enregistrement. La version en ligne continue de servir jusqu'à la réussite du nouveau build."
      footer={
        <ModalFormActions
          formId={FORM_ID}
          submitLabel="Enregistrer et reconstruire"
          submittingLabel="Lecture du dépôt…"
          submitting={save.isPending}
          onCancel={() => close(false)}
        />
      }
    >
      <form id={FORM_ID} onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        {errors.form && <Notice tone="error">{errors.form}</Notice>}
        <RepositoryUrlField
          error={errors.repository_url}
          value={draft.repository_url}
          onChange={(e) => set({ repository_url: e.target.value })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <BranchField
            error={errors.git_branch}
            hint="Chaque push sur cette branche redéploie l'application."
            value={draft.git_branch}
            onChange={(e) => set({ git_branch: e.target.value })}
          />
          <RepositoryAccessField
            value={draft.access}
            onChange={(e) => set({ access: e.target.value as SourceDraft['access'] })}
          />
        </div>
        {draft.access === 'private' && (
          <GitTokenField
            tokens={tokens.data}
            error={errors.git_token_id}
            hint={
              <ProjectTokensHint
                projectId={d.projet_id}
                pending={tokens.isPending}
                none={noTokens}
              />
            }
            value={draft.git_token_id}
            onChange={(e) => set({ git_token_id: e.target.value })}
          />
        )}
        {/* A Compose file carries its own build arguments; its exposed service and port change
            with the release this change builds. */}
        {isCompose && (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={composeFormTexts.serviceLabel}
              error={errors.service_expose}
              hint={composeFormTexts.serviceHintGit}
            >
              <Input
                value={draft.service_expose ?? ''}
                onChange={(e) => set({ service_expose: e.target.value })}
              />
            </FormField>
            <FormField label={composeFormTexts.portLabel} error={errors.port}>
              <Input
                inputMode="numeric"
                className="max-w-40"
                value={draft.port}
                onChange={(e) => set({ port: e.target.value })}
              />
            </FormField>
          </div>
        )}
        {!isCompose && (
          <>
            <BuildArgsFields
              rows={draft.build_args.map((arg, i) => ({
                id: `arg-${i}`,
                keyInput: { value: arg.key, onChange: (e) => setArg(i, { key: e.target.value }) },
                valueInput: {
                  value: arg.value,
                  onChange: (e) => setArg(i, { value: e.target.value }),
                },
              }))}
              onAdd={() => set({ build_args: [...draft.build_args, { key: '', value: '' }] })}
              onRemove={(i) => set({ build_args: draft.build_args.filter((_, at) => at !== i) })}
              error={errors.build_args}
            />
            <AppPortField error={errors.port}>
              <Input
                inputMode="numeric"
                className="max-w-40"
                placeholder="Détecté"
                value={draft.port}
                onChange={(e) => set({ port: e.target.value })}
              />
            </AppPortField>
          </>
        )}
      </form>
    </Modal>
  );
}
