import { Boxes, Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { Deployment } from '@nuage/shared/api-types';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ApplicationCard } from './application-card';

/** The environment's applications, or an empty state inviting the first one. */
export function ApplicationsList({
  deployments,
  newApplicationHref,
}: {
  deployments: Deployment[];
  /** Null for a read-only member. */
  newApplicationHref: string | null;
}) {
  if (deployments.length === 0) {
    return (
      <EmptyState
        icon={Boxes}
        title="Aucune application"
        description={
          newApplicationHref
            ? 'Déployez une première application dans cet environnement.'
            : "Cet environnement n'a pas encore d'application."
        }
        action={
          newApplicationHref && (
            <Link to={newApplicationHref} className={buttonClasses('primary')}>
              <Plus className="size-4" aria-hidden="true" /> Déployer une application
            </Link>
          )
        }
      />
    );
  }
  return (
    <ul aria-label="Applications" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {deployments.map((d) => (
        <li key={d.id} className="min-w-0">
          <ApplicationCard deployment={d} />
        </li>
      ))}
    </ul>
  );
}
