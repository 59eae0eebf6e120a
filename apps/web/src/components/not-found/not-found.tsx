import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * SPEC §2: a project or environment that does not exist, or whose project the user is not a
 * member of (the same answer, so that nothing tells them apart), with the way back to the list.
 */
function NotFoundBackToProjects({ title, description }: { title: string; description: string }) {
  return (
    <EmptyState
      icon={SearchX}
      title={title}
      description={description}
      action={
        <Link to="/projects" className={buttonClasses('primary')}>
          <ArrowLeft className="size-4" aria-hidden="true" /> Retour aux projets
        </Link>
      }
    />
  );
}

/** `description` says what the page would have shown of the project, when it matters. */
export function ProjectNotFound({
  description = "Ce projet n'existe pas ou vous n'en êtes pas membre.",
}: {
  description?: string;
}) {
  return <NotFoundBackToProjects title="Projet non trouvé" description={description} />;
}

export function EnvironmentNotFound() {
  return (
    <NotFoundBackToProjects
      title="Environnement non trouvé"
      description="Cet environnement n'existe pas ou vous n'êtes pas membre de son projet."
    />
  );
}
