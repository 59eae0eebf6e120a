import type { Project } from '@nuage/shared/api-types';
import { projectSuccess } from '@nuage/shared/messages';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/toast';
import { useDeleteProject } from '../api/delete-project';
import { countLabel } from './count-label';

/** Deleting a project takes its environments and applications with it: asked first. */
export function DeleteProjectDialog({
  project,
  open,
  onOpenChange,
}: {
  project: Project;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const deleteMutation = useDeleteProject();
  const navigate = useNavigate();
  const confirm = () =>
    deleteMutation.mutate(project.id, {
      onSuccess: () => {
        notify.success(projectSuccess.projectDeleted);
        navigate('/projects', { replace: true });
      },
    });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Supprimer le projet ?"
      confirmLabel="Supprimer le projet"
      onConfirm={confirm}
      pending={deleteMutation.isPending}
      pendingLabel="Suppression..."
    >
      <p>
        Le projet <strong>« {project.nom} »</strong> sera définitivement supprimé, avec tous ses
        environnements ({countLabel(project.environments_count, 'environnement')}) et toutes ses
        applications ({countLabel(project.applications_count, 'application')}).
      </p>
      <p className="font-medium text-red-600 dark:text-red-400">Cette action est irréversible.</p>
    </ConfirmDialog>
  );
}
