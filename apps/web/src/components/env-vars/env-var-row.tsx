import { Trash2 } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, type InputProps } from '@/components/ui/input';

/**
 * One environment variable of a form (the wizard's, the application page's): name, value masked
 * when « Secret », the checkbox, and its delete button. On a phone the row is a framed block, so
 * the stacked fields of one variable are not read as the next one's.
 */
export function EnvVarRow({
  index,
  secret,
  nameInput,
  valueInput,
  secretInput,
  nameError,
  valueHint,
  disabled,
  removeLabel,
  onRemove,
}: {
  index: number;
  secret: boolean;
  nameInput: InputProps;
  valueInput: InputProps;
  secretInput: InputHTMLAttributes<HTMLInputElement>;
  nameError?: string;
  valueHint?: ReactNode;
  disabled?: boolean;
  removeLabel: string;
  /** Absent: the row cannot be deleted (a reader without the right). */
  onRemove?: () => void;
}) {
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_auto_auto] sm:border-0 sm:p-0 dark:border-slate-800">
      <FormField
        label={`Nom de la variable ${index + 1}`}
        error={nameError}
        className="col-span-2 sm:col-span-1"
      >
        <Input
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          disabled={disabled}
          {...nameInput}
        />
      </FormField>
      <FormField
        label={`Valeur de la variable ${index + 1}`}
        hint={valueHint}
        className="col-span-2 sm:col-span-1"
      >
        <Input
          type={secret ? 'password' : 'text'}
          autoComplete={secret ? 'new-password' : 'off'}
          spellCheck={false}
          className="font-mono"
          disabled={disabled}
          {...valueInput}
        />
      </FormField>
      <label className="flex h-10 items-center gap-2 text-sm sm:mt-6.5">
        <input type="checkbox" className="size-4" disabled={disabled} {...secretInput} />
        Secret
      </label>
      {onRemove && (
        <Button
          variant="ghost"
          size="icon"
          className="justify-self-end sm:mt-6"
          aria-label={removeLabel}
          onClick={onRemove}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}
