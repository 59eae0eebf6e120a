import { composeFormTexts as t } from '@nuage/shared/messages/compose';
import type { DeployComposeInput } from '@nuage/shared/schemas/compose-deploy';
import { useQuery } from '@tanstack/react-query';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import {
  BranchField,
  GitTokenField,
  ProjectTokensHint,
  RepositoryAccessField,
  RepositoryUrlField,
} from '@/components/repository-source/repository-source-fields';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { gitTokensQuery } from '@/lib/git-tokens-query';
import type { ComposeFormValues } from './compose-deploy-values';
import { ComposeProblems } from './compose-problems';

type ComposeForm = UseFormReturn<ComposeFormValues, unknown, DeployComposeInput>;

/**
 * The Compose file's repository: URL, branch, access (public, or private with one of the
 * project's tokens, the same picker as the inline CODE form's) and the file's path in it.
 */
export function ComposeGitFields({
  form,
  projectId,
  pathProblems,
}: {
  form: ComposeForm;
  projectId: string;
  /** The repository's file refused for several reasons: listed under its path. */
  pathProblems: string[];
}) {
  const errors = form.formState.errors.depot_git;
  const access = useWatch({ control: form.control, name: 'repository_type' });
  const isPrivate = access === 'private';
  const tokens = useQuery({ ...gitTokensQuery(projectId), enabled: isPrivate });

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t.gitIntro}</p>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <RepositoryUrlField
          error={errors?.repository_url?.message}
          {...form.register('depot_git.repository_url')}
        />
        <BranchField
          error={errors?.git_branch?.message}
          hint={t.branchHint}
          placeholder="main"
          {...form.register('depot_git.git_branch')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <RepositoryAccessField {...form.register('repository_type')} />
        {isPrivate && (
          <GitTokenField
            tokens={tokens.data}
            error={errors?.git_token_id?.message}
            hint={
              <ProjectTokensHint
                projectId={projectId}
                pending={tokens.isPending}
                none={tokens.data?.length === 0}
              />
            }
            {...form.register('depot_git.git_token_id')}
          />
        )}
      </div>
      {/* Last: a file of the repository refused for several reasons is listed right under it. */}
      <FormField label={t.pathLabel} error={errors?.chemin_compose?.message} hint={t.pathHint}>
        <Input
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          placeholder="docker-compose.yml"
          {...form.register('depot_git.chemin_compose')}
        />
      </FormField>
      <ComposeProblems title={t.repositoryProblemsTitle} problems={pathProblems} />
    </div>
  );
}
