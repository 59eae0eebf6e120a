import { useQuery } from '@tanstack/react-query';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  BranchField,
  GitTokenField,
  RepositoryUrlField,
} from '@/components/repository-source/repository-source-fields';
import { gitTokensQuery } from '@/lib/git-tokens-query';
import { AddGitToken } from './add-git-token';
import type { WizardForm } from './wizard-form';

/** The Git source: public or private (with one of the project's tokens), URL and branch. */
export function RepositoryFields({ form }: { form: WizardForm }) {
  const { errors } = form.formState;
  const [projectId, repositoryType] = useWatch({
    control: form.control,
    name: ['project_id', 'repository_type'],
  });
  const isPrivate = repositoryType === 'private';
  const tokens = useQuery({
    ...gitTokensQuery(projectId),
    enabled: isPrivate && !!projectId,
  });
  const [adding, setAdding] = useState(false);
  // Controlled: a token just added is selected even if its <option> renders a moment later.
  const { field: tokenField } = useController({ control: form.control, name: 'git_token_id' });
  const showAdd = adding || (tokens.data !== undefined && tokens.data.length === 0);

  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">
          Visibilité du dépôt
        </legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              value="public"
              className="size-4"
              {...form.register('repository_type')}
            />
            Public
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              value="private"
              className="size-4"
              {...form.register('repository_type')}
            />
            Privé (token d'accès)
          </label>
        </div>
      </fieldset>
      <RepositoryUrlField
        error={errors.repository_url?.message}
        {...form.register('repository_url')}
      />
      <BranchField
        error={errors.branch?.message}
        hint="Chaque push sur cette branche pourra redéployer l'application."
        placeholder="main"
        {...form.register('branch')}
      />
      {isPrivate && (
        <div className="space-y-3">
          <GitTokenField
            tokens={tokens.data}
            error={errors.git_token_id?.message}
            hint={
              tokens.isPending
                ? 'Chargement des tokens du projet…'
                : 'Les tokens du projet, par leur nom.'
            }
            {...tokenField}
            value={tokenField.value ?? ''}
          />
          {!showAdd && (
            <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
              <Plus className="size-4" aria-hidden="true" /> Ajouter un token
            </Button>
          )}
          {showAdd && (
            <AddGitToken
              projectId={projectId}
              onCancel={() => setAdding(false)}
              onAdded={(id) => {
                setAdding(false);
                form.setValue('git_token_id', id, { shouldValidate: true, shouldDirty: true });
              }}
            />
          )}
          <p className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
            <KeyRound className="size-3.5" aria-hidden="true" /> Les tokens sont chiffrés et
            partagés par les membres du projet ; leur valeur n'est jamais réaffichée.
          </p>
        </div>
      )}
    </div>
  );
}
