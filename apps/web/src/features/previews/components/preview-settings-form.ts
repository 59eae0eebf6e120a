import {
  previewSettingsSchema,
  type PreviewDatabaseMode,
  type PreviewSettingsInput,
} from '@nuage/shared/schemas/previews';
import type { PreviewSettingsView } from '@nuage/shared/schemas/responses/previews';

/** One preview variable as the form holds it. */
export interface VariableRow {
  /** The row's React key: stable while rows are added and removed. */
  key: string;
  name: string;
  value: string;
  secret: boolean;
  /** A secret the server already keeps: an empty value keeps it. */
  stored: boolean;
}

/** The form's fields as typed (numbers as text, so an emptied field stays empty). */
export interface SettingsDraft {
  actif: boolean;
  cpu: string;
  ram: string;
  delay: string;
  /** Hours; empty: never. */
  idle: string;
  databases: PreviewDatabaseMode;
  variables: VariableRow[];
  api_url: string;
  jeton_statut_id: string;
}

/** Field → its first French message; a variable's as `variables.<index>`. */
export type SettingsErrors = Record<string, string>;

let nextKey = 0;
export const newVariableRow = (): VariableRow => ({
  key: `new-${nextKey++}`,
  name: '',
  value: '',
  secret: false,
  stored: false,
});

export function draftOf(s: PreviewSettingsView): SettingsDraft {
  return {
    actif: s.actif,
    cpu: String(s.cpu),
    ram: String(s.ram),
    delay: String(s.delai_suppression_minutes),
    idle: s.arret_inactivite_heures === null ? '' : String(s.arret_inactivite_heures),
    databases: s.bases_de_donnees,
    variables: s.variables.map((v, i) => ({
      key: `saved-${i}`,
      name: v.name,
      value: v.value ?? '',
      secret: v.secret,
      stored: v.secret,
    })),
    api_url: s.api_url ?? '',
    jeton_statut_id: s.jeton_statut_id ?? '',
  };
}

/** French decimals (« 0,25 ») read as numbers; an empty field is NaN, which the schema refuses. */
const numberOf = (text: string) => (text.trim() === '' ? NaN : Number(text.replace(',', '.')));

/** The PUT body: a kept secret goes without `value`, so the server keeps what it has. */
function inputOf(d: SettingsDraft): PreviewSettingsInput {
  return {
    actif: d.actif,
    cpu: numberOf(d.cpu),
    ram: numberOf(d.ram),
    // Empty reads as the default the hint gives: deleted at once.
    delai_suppression_minutes: d.delay.trim() === '' ? 0 : numberOf(d.delay),
    arret_inactivite_heures: d.idle.trim() === '' ? null : numberOf(d.idle),
    bases_de_donnees: d.databases,
    variables: d.variables.map((r) =>
      r.secret && r.stored && r.value === ''
        ? { name: r.name.trim(), secret: true }
        : { name: r.name.trim(), value: r.value, secret: r.secret },
    ),
    api_url: d.api_url.trim() === '' ? null : d.api_url.trim(),
    jeton_statut_id: d.jeton_statut_id === '' ? null : d.jeton_statut_id,
  };
}

/**
 * Where each issue goes, from zod's `path` or the API's 422 `loc` (which starts with 'body'): a
 * field by its name, a variable's by its index, the list's own (duplicates) under `variables`.
 */
export function placeIssues(issues: { path: readonly PropertyKey[]; message: string }[]) {
  const errors: SettingsErrors = {};
  for (const { path, message } of issues) {
    const [field, index] = path.filter((p) => p !== 'body');
    if (field === undefined) continue;
    const key = field === 'variables' && typeof index === 'number' ? `variables.${index}` : field;
    errors[String(key)] ??= message;
  }
  return errors;
}

/** Checked with the API's own schema before sending: the same rules, the same words. */
export function bodyOf(
  d: SettingsDraft,
): { body: PreviewSettingsInput; errors?: never } | { body?: never; errors: SettingsErrors } {
  const input = inputOf(d);
  const checked = previewSettingsSchema.safeParse(input);
  if (!checked.success) return { errors: placeIssues(checked.error.issues) };
  return { body: checked.data };
}
