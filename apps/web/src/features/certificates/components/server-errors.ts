import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { failureMessage } from '@/lib/failure-message';

/**
 * A refused save: each 422 issue whose `loc` names one of the form's `fields` is shown under
 * that field (the first one focused). Returns what is left to say in a toast, or null.
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  fallback: string,
): string | null {
  if (!(error instanceof ApiError) || error.status !== 422 || error.issues.length === 0) {
    return failureMessage(error, fallback);
  }
  const rest: string[] = [];
  let placed = 0;
  for (const issue of error.issues) {
    const field = fields.find((name) => issue.loc.includes(name));
    if (field) {
      setError(field, { type: 'server', message: issue.msg }, { shouldFocus: placed === 0 });
      placed += 1;
    } else {
      rest.push(issue.msg);
    }
  }
  return rest.length > 0 ? rest.join(', ') : null;
}
