import type { EnvVarView as EnvVar } from '@nuage/shared/build-types';
import { codeAppTexts } from '@nuage/shared/code-app-texts';
import { ENV_VAR_NAME_PATTERN, MAX_ENV_VARS } from '@nuage/shared/schemas/code';
import { codeDeployMessages } from '@nuage/shared/schemas/code-deploy';
import { Lock, Plus } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { EnvVarRow } from '@/components/env-vars/env-var-row';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import type { EnvVarInput } from '@/lib/deploy-code';
import { notify } from '@/lib/toast';
import { useFormRows } from '@/lib/use-form-rows';
import { useUpdateEnvVars } from '../api/update-env-vars';

interface Row {
  name: string;
  value: string;
  secret: boolean;
  /** A secret the server already keeps: an empty value keeps it. */
  stored: boolean;
}

const rowsOf = (vars: EnvVar[]): Row[] =>
  vars.map((v) => ({ name: v.name, value: v.value ?? '', secret: v.secret, stored: v.secret }));

/** PUT body: a kept secret goes without `value`, so the server keeps what it has. */
const bodyOf = (rows: Row[]): EnvVarInput[] =>
  rows.map((r) =>
    r.secret && r.stored && r.value === ''
      ? { name: r.name.trim(), secret: true }
      : { name: r.name.trim(), value: r.value, secret: r.secret },
  );

function nameError(rows: Row[], i: number): string | undefined {
  const name = rows[i]?.name.trim() ?? '';
  if (!ENV_VAR_NAME_PATTERN.test(name)) return codeDeployMessages.variableNameInvalid;
  if (rows.findIndex((r) => r.name.trim() === name) !== i)
    return codeDeployMessages.variableNameDuplicate;
  return undefined;
}

export function EnvVarsEditor({
  deploymentId,
  initial,
  canManage,
}: {
  deploymentId: string;
  initial: EnvVar[];
  canManage: boolean;
}) {
  const form = useForm<{ vars: Row[] }>({ defaultValues: { vars: rowsOf(initial) } });
  const { fields, append, remove } = useFormRows(form, 'vars');
  const rows = useWatch({ control: form.control, name: 'vars' });
  const save = useUpdateEnvVars(deploymentId);
  const errors = form.formState.errors.vars;

  const submit = form.handleSubmit(async ({ vars }) => {
    let invalid = false;
    vars.forEach((_, i) => {
      const message = nameError(vars, i);
      if (message) {
        form.setError(`vars.${i}.name`, { type: 'pattern', message }, { shouldFocus: !invalid });
        invalid = true;
      }
    });
    if (invalid) return;
    try {
      await save.mutateAsync(bodyOf(vars));
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      const placed = err.issues.filter((issue) => {
        const [, index] = issue.loc;
        if (typeof index !== 'number') return false;
        form.setError(`vars.${index}.name`, { type: 'server', message: issue.msg });
        return true;
      });
      if (placed.length === 0 && err.status !== 401) notify.error(err.message);
      return;
    }
    notify.success(codeAppTexts.envVarsSaved);
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Variables d'environnement"
      className="space-y-3 px-5 py-4"
    >
      {fields.length === 0 && (
        <p className="text-sm text-slate-500 dark:text-slate-400">Aucune variable définie.</p>
      )}
      <ul className="space-y-3">
        {fields.map((field, i) => {
          const row = rows?.[i];
          const keep = row?.secret && row.stored;
          return (
            <EnvVarRow
              key={field.id}
              index={i}
              secret={Boolean(row?.secret)}
              nameInput={form.register(`vars.${i}.name`)}
              valueInput={{
                placeholder: keep ? codeAppTexts.keepSecret : undefined,
                ...form.register(`vars.${i}.value`),
              }}
              secretInput={form.register(`vars.${i}.secret`)}
              nameError={errors?.[i]?.name?.message}
              valueHint={
                keep ? (
                  <span className="inline-flex items-center gap-1">
                    <Lock className="size-3" aria-hidden="true" /> Valeur secrète enregistrée
                  </span>
                ) : undefined
              }
              disabled={!canManage}
              removeLabel={`Supprimer la variable ${row?.name || i + 1}`}
              onRemove={canManage ? () => remove(i) : undefined}
            />
          );
        })}
      </ul>
      {canManage && (
        <div className="flex flex-wrap justify-between gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={fields.length >= MAX_ENV_VARS}
            onClick={() => append({ name: '', value: '', secret: false, stored: false })}
          >
            <Plus className="size-4" aria-hidden="true" /> Ajouter une variable
          </Button>
          <Button
            type="submit"
            size="sm"
            disabled={!form.formState.isDirty}
            loading={save.isPending}
            loadingText="Enregistrement…"
          >
            Enregistrer et redéployer
          </Button>
        </div>
      )}
    </form>
  );
}
