import type { GitTokenSummary } from '@nuage/shared/build-types';
import { codeAppErrors, codeAppTexts } from '@nuage/shared/code-app-texts';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useCreateGitToken } from './create-git-token';

export type GitTokenErrors = { nom?: string; token?: string; form?: string };

/**
 * The « Ajouter un token » form's state, shared by the wizard's inline form and the project's
 * modal: both fields required, the API's refusals placed at their field (or above the form).
 */
export function useGitTokenForm(projectId: string) {
  const [nom, setNom] = useState('');
  const [token, setToken] = useState('');
  const [errors, setErrors] = useState<GitTokenErrors>({});
  const create = useCreateGitToken(projectId);

  /** The token as stored (without its value), or null when refused. */
  const submit = async (): Promise<GitTokenSummary | null> => {
    const local: GitTokenErrors = {
      nom: nom.trim() ? undefined : codeAppErrors.tokenNameRequired,
      token: token.trim() ? undefined : codeAppErrors.tokenRequired,
    };
    setErrors(local);
    if (local.nom || local.token) return null;
    let created;
    try {
      created = await create.mutateAsync({ nom: nom.trim(), token: token.trim() });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status === 401) return null;
      const byField: GitTokenErrors = {};
      for (const issue of err.issues) {
        const field = issue.loc.at(-1);
        if (field === 'nom' || field === 'token') byField[field] = issue.msg;
      }
      if (!byField.nom && !byField.token) byField.form = err.message;
      setErrors(byField);
      return null;
    }
    // The value leaves the page as soon as it is stored.
    setToken('');
    notify.success(codeAppTexts.tokenAdded);
    return created;
  };

  return { nom, setNom, token, setToken, errors, submit, pending: create.isPending };
}

export type GitTokenForm = ReturnType<typeof useGitTokenForm>;
