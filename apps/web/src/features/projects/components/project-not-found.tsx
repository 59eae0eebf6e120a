import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** A project that does not exist, or that the user is not a member of (same answer). */
export function ProjectNotFound() {
  return (
    <EmptyState
      icon={SearchX}
      title="Projet non trouvé"
      description="Ce projet n'existe pas ou vous n'en êtes pas membre."
      action={
        <Link to="/projects" className={buttonClasses('primary')}>
          <ArrowLeft className="size-4" aria-hidden="true" /> Retour aux projets
        </Link>
      }
    />
  );
}
