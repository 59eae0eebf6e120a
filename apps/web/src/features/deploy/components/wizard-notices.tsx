import type { Project } from '@nuage/shared/api-types';
import { roleLabels } from '@nuage/shared/roles';
import { Notice } from '@/components/ui/notice';

/** What keeps the wizard from its usual path: an unknown ?environmentId=, a read-only role. */
export function WizardNotices({
  preselectionMissing,
  forbiddenProject,
}: {
  preselectionMissing: boolean;
  forbiddenProject: Project | null;
}) {
  if (!preselectionMissing && !forbiddenProject) return null;
  return (
    <div className="mb-6 space-y-3">
      {preselectionMissing && (
        <Notice tone="warning" title="Environnement non trouvé">
          L'environnement demandé n'existe pas ou ne vous est pas accessible : choisissez un projet
          et un environnement à l'étape 2.
        </Notice>
      )}
      {forbiddenProject && (
        <Notice tone="warning" title="Déploiement non autorisé">
          Votre rôle dans le projet {forbiddenProject.nom} (
          {roleLabels[forbiddenProject.role_projet]}) ne permet pas de déployer d'application.
          Demandez le rôle Développeur à un administrateur du projet.
        </Notice>
      )}
    </div>
  );
}
