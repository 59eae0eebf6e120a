import type { ProjectMember } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import type { ProjectRole } from '@nuage/shared/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function updateMemberRole(input: {
  projectId: string;
  memberId: string;
  role: ProjectRole;
}) {
  const { projectId, memberId, role } = input;
  return api<ProjectMember>(
    `/projects/${encodeURIComponent(projectId)}/members/${encodeURIComponent(memberId)}`,
    { method: 'PUT', body: { role_projet: role }, errorMessage: projectErrors.memberRoleUpdate },
  );
}

export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemberRole,
    // The project too: an admin who hands over and demotes themselves loses the admin controls.
    onSuccess: (_member, { projectId }) =>
      queryClient.invalidateQueries({ queryKey: ['projects', projectId] }),
  });
}
