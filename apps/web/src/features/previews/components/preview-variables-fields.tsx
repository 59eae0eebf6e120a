import { codeAppTexts } from '@nuage/shared/code-app-texts';
import { previewWebTexts as t } from '@nuage/shared/messages/previews';
import { Lock, Plus } from 'lucide-react';
import { EnvVarRow } from '@/components/env-vars/env-var-row';
import { Button } from '@/components/ui/button';
import { newVariableRow, type SettingsErrors, type VariableRow } from './preview-settings-form';

/**
 * The previews' own variables, with the rows of the application's variables editor: a stored
 * secret is never shown, its empty value keeps it.
 */
export function PreviewVariablesFields({
  rows,
  errors,
  canAdd,
  onChange,
}: {
  rows: VariableRow[];
  errors: SettingsErrors;
  canAdd: boolean;
  onChange(rows: VariableRow[]): void;
}) {
  const update = (index: number, patch: Partial<VariableRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {t.variablesTitle}
      </legend>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t.variablesHint}</p>
      {rows.length === 0 && (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t.noVariables}</p>
      )}
      <ul className="space-y-3">
        {rows.map((row, i) => {
          const keep = row.secret && row.stored;
          return (
            <EnvVarRow
              key={row.key}
              index={i}
              secret={row.secret}
              nameInput={{ value: row.name, onChange: (e) => update(i, { name: e.target.value }) }}
              valueInput={{
                value: row.value,
                placeholder: keep ? codeAppTexts.keepSecret : undefined,
                onChange: (e) => update(i, { value: e.target.value }),
              }}
              secretInput={{
                checked: row.secret,
                onChange: (e) => update(i, { secret: e.target.checked }),
              }}
              nameError={errors[`variables.${i}`]}
              valueHint={
                keep ? (
                  <span className="inline-flex items-center gap-1">
                    <Lock className="size-3" aria-hidden="true" /> {t.secretStored}
                  </span>
                ) : undefined
              }
              removeLabel={t.removeVariable(row.name || String(i + 1))}
              onRemove={() => onChange(rows.filter((_, at) => at !== i))}
            />
          );
        })}
      </ul>
      {errors.variables && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errors.variables}
        </p>
      )}
      <Button
        variant="outline"
        size="sm"
        disabled={!canAdd}
        onClick={() => onChange([...rows, newVariableRow()])}
      >
        <Plus className="size-4" aria-hidden="true" /> {t.addVariable}
      </Button>
    </fieldset>
  );
}
