import type { ProjectInvitation } from '@nuage/shared/api-types';
import { projectSuccess } from '@nuage/shared/messages';
import { roleLabels } from '@nuage/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/toast';
import { projectInvitationsQueryOptions } from '../api/get-project-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';

/** Invitations e-mailed but not yet accepted (admins), each revocable. */
export function OpenInvitationsCard({ projectId }: { projectId: string }) {
  const { data: invitations = [] } = useQuery(projectInvitationsQueryOptions(projectId));
  if (invitations.length === 0) return null;
  return (
    <Card aria-labelledby="open-invitations-title">
      <CardHeader
        title={<span id="open-invitations-title">Invitations en attente</span>}
        description="Envoyées par email, pas encore acceptées."
      />
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {invitations.map((invitation) => (
          <InvitationRow key={invitation.id} projectId={projectId} invitation={invitation} />
        ))}
      </ul>
    </Card>
  );
}

function InvitationRow({
  projectId,
  invitation,
}: {
  projectId: string;
  invitation: ProjectInvitation;
}) {
  const revokeMutation = useRevokeInvitation();
  // Awaited: the row leaves the list as it reloads, and would take mutate callbacks with it.
  const revoke = async () => {
    try {
      await revokeMutation.mutateAsync({ projectId, invitationId: invitation.id });
    } catch {
      return; // the API client has shown the error toast
    }
    notify.success(projectSuccess.invitationRevoked);
  };
  return (
    <li className="flex flex-wrap items-center gap-3 px-5 py-3" aria-label={invitation.email}>
      <Mail className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium break-all">{invitation.email}</p>
        <p className="text-slate-500 dark:text-slate-400">
          {roleLabels[invitation.role_projet]} · expire le {formatDate(invitation.expires_at)}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        onClick={revoke}
        loading={revokeMutation.isPending}
        aria-label={`Annuler l'invitation de ${invitation.email}`}
      >
        Annuler
      </Button>
    </li>
  );
}
