import { previewWebTexts as t } from '@nuage/shared/messages/previews';
import type { TrackedBranch } from '@nuage/shared/schemas/responses/previews';
import { GitBranch } from 'lucide-react';
import { Link } from 'react-router';

/**
 * Which branch each environment follows for this repository (issue 26 item 1): a push to one
 * of them deploys where it is followed; « Promouvoir » carries a release on from there.
 */
export function TrackedBranches({
  branches,
  currentId,
}: {
  branches: TrackedBranch[];
  currentId: string;
}) {
  return (
    <div className="space-y-1">
      <h3 id="tracked-branches-title" className="text-sm font-semibold">
        {t.trackedTitle}
      </h3>
      <ul aria-labelledby="tracked-branches-title" className="space-y-1 text-sm">
        {branches.map((b) => (
          <li key={b.application_id} className="flex flex-wrap items-center gap-x-2">
            <GitBranch className="size-4 text-slate-400" aria-hidden="true" />
            <code className="font-mono text-xs">{b.branche}</code>
            <span aria-hidden="true">→</span>
            {b.application_id === currentId ? (
              <span>{t.trackedHere(b.environnement_nom)}</span>
            ) : (
              <Link
                to={`/deployment/${b.application_id}`}
                className="text-blue-700 hover:underline dark:text-blue-400"
              >
                {t.trackedElsewhere(b.environnement_nom, b.application_nom)}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
