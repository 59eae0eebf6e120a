import type { ProjectMember } from '@nuage/shared/api-types';
import { projectSuccess } from '@nuage/shared/messages';
import { projectRoles, roleLabels, type ProjectRole } from '@nuage/shared/roles';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/input';
import { useUser } from '@/lib/auth';
import { notify } from '@/lib/toast';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMemberRole } from '../api/update-member-role';
import { RoleBadge } from './role-badge';

/**
 * One member: admins get a role select and 'Retirer'; anyone may leave ('Quitter') themselves.
 * The server refuses the rest anyway (and keeps the last admin).
 */
export function MemberRow({
  projectId,
  member,
  canManage,
}: {
  projectId: string;
  member: ProjectMember;
  canManage: boolean;
}) {
  const me = useUser();
  const navigate = useNavigate();
  const isMe = member.user_id === me.id;
  const name = `${member.prenom} ${member.nom}`;
  const roleMutation = useUpdateMemberRole();
  const removeMutation = useRemoveMember();
  const [confirming, setConfirming] = useState(false);
  // While the change is on its way the select shows the chosen role; a refusal puts it back.
  const shownRole = roleMutation.isPending ? roleMutation.variables.role : member.role_projet;

  const changeRole = (role: ProjectRole) =>
    roleMutation.mutate(
      { projectId, memberId: member.id, role },
      { onSuccess: () => notify.success(projectSuccess.memberRoleUpdated) },
    );

  // Awaited rather than passed as mutate callbacks: the row unmounts as the list reloads, and
  // callbacks of an unmounted mutation observer never run.
  const remove = async () => {
    try {
      await removeMutation.mutateAsync({ projectId, memberId: member.id });
    } catch {
      // Refused (the last admin cannot leave): the API client's toast says why; a dialog left
      // open would only offer the same refusal again.
      return;
    } finally {
      setConfirming(false);
    }
    if (isMe) {
      notify.success(projectSuccess.projectLeft);
      navigate('/projects', { replace: true });
    } else {
      notify.success(projectSuccess.memberRemoved);
    }
  };

  return (
    <li className="flex flex-wrap items-center gap-3 px-5 py-3" aria-label={name}>
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200"
      >
        {`${member.prenom.charAt(0)}${member.nom.charAt(0)}`.toUpperCase()}
      </span>
      <div className="min-w-0 flex-1 basis-48">
        <p className="truncate text-sm font-medium">
          {name} {isMe && <Badge tone="blue">Vous</Badge>}
        </p>
        <p className="text-sm break-all text-slate-500 dark:text-slate-400">{member.email}</p>
      </div>
      <div className="ml-auto flex items-center gap-2">
        {canManage ? (
          <Select
            aria-label={`Rôle de ${name}`}
            className="h-8 w-40"
            value={shownRole}
            disabled={roleMutation.isPending}
            onChange={(e) => changeRole(e.target.value as ProjectRole)}
          >
            {projectRoles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </Select>
        ) : (
          <RoleBadge role={member.role_projet} />
        )}
        {(canManage || isMe) && (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-600! hover:bg-red-50! dark:text-red-400! dark:hover:bg-red-950/40!"
            onClick={() => setConfirming(true)}
            aria-label={isMe ? 'Quitter le projet' : `Retirer ${name}`}
          >
            {isMe ? 'Quitter' : 'Retirer'}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={isMe ? 'Quitter le projet ?' : `Retirer ${name} ?`}
        confirmLabel={isMe ? 'Quitter le projet' : 'Retirer du projet'}
        onConfirm={remove}
        pending={removeMutation.isPending}
        pendingLabel={isMe ? 'Départ...' : 'Retrait...'}
      >
        <p>
          {isMe
            ? "Vous n'aurez plus accès à ce projet, ni à ses environnements et applications. Un administrateur devra vous inviter à nouveau."
            : `${name} (${member.email}) n'aura plus accès à ce projet, ni à ses environnements et applications.`}
        </p>
      </ConfirmDialog>
    </li>
  );
}
