import type { FieldErrors } from 'react-hook-form';

/**
 * The wizard's list fields (build arguments, environment variables) ignore a row left entirely
 * blank: a user who adds a row and clicks elsewhere gets no error pushing the form down under
 * their next click, and the blank row is not sent. Validation runs on the other rows; their
 * errors are moved back to the rows' positions on screen.
 */
const LIST_FIELDS = ['build_args', 'env_vars'] as const;
type Row = { key?: string; name?: string; value?: string };

const isBlank = (row: Row) => !(row.key ?? row.name ?? '').trim() && !row.value;

/** The values without blank rows, and for each list the screen position of each row kept. */
export function withoutBlankRows<V extends object>(values: V) {
  const positions: Partial<Record<(typeof LIST_FIELDS)[number], number[]>> = {};
  const kept = { ...values } as Record<string, unknown>;
  for (const field of LIST_FIELDS) {
    const rows = kept[field];
    if (!Array.isArray(rows)) continue;
    const indexes = rows.flatMap((row: Row, i) => (isBlank(row) ? [] : [i]));
    positions[field] = indexes;
    kept[field] = indexes.map((i) => rows[i] as Row);
  }
  return { values: kept as V, positions };
}

/** Errors of the rows kept, at the positions those rows have on screen. */
export function errorsAtScreenRows<V extends object>(
  errors: FieldErrors<V>,
  positions: ReturnType<typeof withoutBlankRows>['positions'],
): FieldErrors<V> {
  const moved: Record<string, unknown> = { ...errors };
  for (const field of LIST_FIELDS) {
    const list = moved[field];
    const at = positions[field];
    if (!Array.isArray(list) || !at) continue;
    // An array of row errors, possibly with list-level ones (root, message) as properties.
    const remapped = Object.assign([], list) as unknown[];
    remapped.length = 0;
    list.forEach((rowErrors, i) => {
      if (rowErrors !== undefined) remapped[at[i] ?? i] = rowErrors;
    });
    moved[field] = remapped;
  }
  return moved as FieldErrors<V>;
}
