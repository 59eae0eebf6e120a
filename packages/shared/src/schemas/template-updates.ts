import { z } from 'zod/mini';

/** An image tag as a registry accepts it. */
export const TAG_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;

/**
 * One announced update of a catalogue application (issue 30 item 4; docs/applications.md
 * « Mises à jour »): an application running `from` may move to `to`, and the page shows `notes`.
 * `to` is the file's `tag` or the `from` of another update, so applications several versions
 * behind climb one step at a time (some images, Nextcloud's for one, refuse to skip a major
 * version). A tag listed nowhere gets no offer: the platform never guesses that a jump is safe.
 */
export const templateUpdateSchema = z.strictObject({
  from: z.string().check(z.regex(TAG_PATTERN, 'étiquette invalide')),
  to: z.string().check(z.regex(TAG_PATTERN, 'étiquette invalide')),
  /** French, for the application page: what changes, what to check after the update. */
  notes: z.string().check(z.trim(), z.minLength(10), z.maxLength(500)),
});
export type TemplateUpdate = z.infer<typeof templateUpdateSchema>;

/**
 * Why an application file's `updates` are inconsistent, or null: each `from` once and never the
 * current tag, and every chain of updates ends at the current tag (no loop, no dead end).
 */
export function updatesProblem(tag: string, updates: readonly TemplateUpdate[]): string | null {
  const next = new Map<string, string>();
  for (const u of updates) {
    if (u.from === tag) return `« ${u.from} » est l'étiquette actuelle : rien à mettre à jour`;
    if (next.has(u.from)) return `« ${u.from} » a deux mises à jour`;
    if (u.from === u.to) return `« ${u.from} » se met à jour vers elle-même`;
    next.set(u.from, u.to);
  }
  for (const u of updates) {
    let at = u.to;
    for (let steps = 0; at !== tag; steps += 1) {
      const after = next.get(at);
      if (after === undefined || steps > updates.length)
        return `la mise à jour depuis « ${u.from} » n'aboutit pas à l'étiquette actuelle « ${tag} »`;
      at = after;
    }
  }
  return null;
}
