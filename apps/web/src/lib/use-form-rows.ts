import { useEffect, useRef, useState } from 'react';
import {
  useWatch,
  type ArrayPath,
  type FieldArray,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * The rows of a list field (environment variables, build arguments): stable keys, append
 * (focusing the new row's first input) and remove, the values kept in the form itself.
 *
 * What useFieldArray does for these forms, without it: react-hook-form is one module, so any
 * of its exports lands in the chunk every form shares, the login page's included, and
 * useFieldArray alone weighed ~1.5 KB gzip there (bench/login-page-weight.mjs, budget 150 KB).
 */
export function useFormRows<T extends FieldValues, N extends ArrayPath<T>, C, O>(
  form: UseFormReturn<T, C, O>,
  name: N,
) {
  const path = name as unknown as Path<T>;
  const rows = (useWatch({ control: form.control, name: path }) ?? []) as FieldArray<T, N>[];
  const [keys, setKeys] = useState<string[]>([]);
  const nextKey = useRef(0);
  const focus = useRef<string | undefined>(undefined);
  // Rows the form had before any append/remove (defaults, a reset) are keyed by position.
  const fields = rows.map((_, i) => ({ id: keys[i] ?? `row-${i}` }));

  useEffect(() => {
    if (!focus.current) return;
    form.setFocus(focus.current as Path<T>);
    focus.current = undefined;
  }, [form, rows.length]);

  const replace = (next: FieldArray<T, N>[]) => {
    form.setValue(path, next as PathValue<T, Path<T>>, { shouldDirty: true });
    // Errors follow indexes: after a change, recompute them if they were already shown.
    form.clearErrors(path);
    if (form.formState.isSubmitted) void form.trigger(path);
  };
  const current = () => (form.getValues(path) ?? []) as FieldArray<T, N>[];

  return {
    fields,
    append(row: FieldArray<T, N>) {
      const ids = fields.map((f) => f.id);
      setKeys([...ids, `new-${nextKey.current++}`]);
      const [first] = Object.keys(row as object);
      focus.current = first === undefined ? undefined : `${name}.${ids.length}.${first}`;
      replace([...current(), row]);
    },
    remove(index: number) {
      setKeys(fields.map((f) => f.id).filter((_, i) => i !== index));
      replace(current().filter((_, i) => i !== index));
    },
  };
}
