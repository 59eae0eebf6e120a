import type { TemplateUpdate } from './schemas/template-updates';

/** What the application page offers: the version running, the next one, and its notes. */
export interface AvailableUpdate {
  from: string;
  to: string;
  notes: string;
}

/**
 * The update a catalogue application may take now (issue 30 item 4): its file announces one
 * from the tag the application runs, and the application still runs the catalogue's image
 * (an image or tag chosen by hand in the edit form is the user's, not the catalogue's).
 * Several versions behind, the next step only: each step is backed up and health-gated.
 */
export function availableUpdate(
  template: { image: string; tag: string; updates?: readonly TemplateUpdate[] | undefined },
  app: { sourceKind: string; imageRegistryUrl: string; imageTag: string },
): AvailableUpdate | null {
  if (app.sourceKind !== 'template' || app.imageRegistryUrl !== template.image) return null;
  if (app.imageTag === template.tag) return null;
  const step = template.updates?.find((u) => u.from === app.imageTag);
  return step ? { from: step.from, to: step.to, notes: step.notes } : null;
}

/**
 * The two tags as a person reads them: a variant suffix both share is dropped
 * (`6.3-apache`, `6.4-apache` → `6.3`, `6.4`); tags without one stay whole.
 */
export function versionLabels(from: string, to: string): { from: string; to: string } {
  const suffix = (tag: string) => /-[^-]+$/.exec(tag)?.[0] ?? null;
  const shared = suffix(from);
  if (!shared || shared !== suffix(to) || from === shared || to === shared) return { from, to };
  return { from: from.slice(0, -shared.length), to: to.slice(0, -shared.length) };
}
