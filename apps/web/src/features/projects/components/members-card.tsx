import type { Project } from '@nuage/shared/api-types';
import { hasRole, requiredRole } from '@nuage/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { membersQueryOptions } from '../api/get-members';
import { countLabel } from './count-label';
import { InviteMemberModal } from './invite-member-modal';
import { MemberRow } from './member-row';

/** The project's members; admins change roles, remove members and invite. */
export function MembersCard({ project }: { project: Project }) {
  const members = useQuery(membersQueryOptions(project.id));
  const [inviting, setInviting] = useState(false);
  const canManage = hasRole(project.role_projet, requiredRole.manageMembers);

  return (
    <Card aria-labelledby="members-title">
      <CardHeader
        title={<span id="members-title">Membres</span>}
        description={members.data && countLabel(members.data.length, 'membre')}
        actions={
          canManage && (
            <Button size="sm" onClick={() => setInviting(true)}>
              <UserPlus className="size-4" aria-hidden="true" /> Inviter un membre
            </Button>
          )
        }
      />
      {members.isPending ? (
        <div className="flex justify-center p-6 text-blue-600">
          <Spinner />
        </div>
      ) : members.isError ? (
        <p className="px-5 py-4 text-sm text-red-600 dark:text-red-400">{members.error.message}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {members.data.map((member) => (
            <MemberRow
              key={member.id}
              projectId={project.id}
              member={member}
              canManage={canManage}
            />
          ))}
        </ul>
      )}
      {canManage && (
        <InviteMemberModal projectId={project.id} open={inviting} onOpenChange={setInviting} />
      )}
    </Card>
  );
}
