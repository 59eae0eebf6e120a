import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** SPEC §2: an unknown environment (or one of a project the user is not in). */
export function EnvironmentNotFound() {
  return (
    <EmptyState
      icon={SearchX}
      title="Environnement non trouvé"
      description="Cet environnement n'existe pas ou vous n'êtes pas membre de son projet."
      action={
        <Link to="/projects" className={buttonClasses('primary')}>
          <ArrowLeft className="size-4" aria-hidden="true" /> Retour aux projets
        </Link>
      }
    />
  );
}
