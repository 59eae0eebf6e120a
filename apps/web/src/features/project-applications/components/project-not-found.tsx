import { ArrowLeft, FolderX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export function ProjectNotFound() {
  return (
    <EmptyState
      icon={FolderX}
      title="Projet non trouvé"
      description="Ce projet n'existe pas ou vous n'en êtes pas membre."
      action={
        <Link to="/projects" className={buttonClasses('outline')}>
          <ArrowLeft className="size-4" aria-hidden="true" /> Retour aux projets
        </Link>
      }
    />
  );
}
