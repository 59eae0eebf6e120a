import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, type InputProps } from '@/components/ui/input';

/** One build argument on screen: its inputs (registered or controlled) and its name's error. */
export interface BuildArgRowInputs {
  id: string;
  keyInput: InputProps;
  valueInput: InputProps;
  keyError?: string | undefined;
}

/**
 * Docker build arguments (--build-arg KEY=value), one row each: the wizard's and the source
 * modal's. `error` is a refusal of the list as a whole (the API's, placed at no row).
 */
export function BuildArgsFields({
  rows,
  onAdd,
  onRemove,
  error,
}: {
  rows: BuildArgRowInputs[];
  onAdd(): void;
  onRemove(index: number): void;
  error?: string | undefined;
}) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-medium text-slate-700 dark:text-slate-300">Arguments de build</h3>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Passés au build de l'image (ARG du Dockerfile), par exemple VITE_API_URL. Ne mettez pas de
        secret ici : ils restent lisibles dans l'image.
      </p>
      <ul className="space-y-2" aria-label="Arguments de build">
        {rows.map((row, i) => (
          <li
            key={row.id}
            className="grid items-start gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_auto]"
          >
            <FormField label={`Nom de l'argument ${i + 1}`} error={row.keyError}>
              <Input
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                placeholder="VITE_API_URL"
                {...row.keyInput}
              />
            </FormField>
            <FormField label={`Valeur de l'argument ${i + 1}`}>
              <Input
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                {...row.valueInput}
              />
            </FormField>
            <Button
              variant="ghost"
              size="icon"
              className="sm:mt-6"
              aria-label={`Supprimer l'argument ${i + 1}`}
              onClick={() => onRemove(i)}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <Button variant="outline" size="sm" onClick={onAdd}>
        <Plus className="size-4" aria-hidden="true" /> Ajouter un argument
      </Button>
    </div>
  );
}
