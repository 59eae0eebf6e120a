import { z } from 'zod/mini';
import { projectRoles } from '../../roles';

export const invitationInfoSchema = z.object({
  projet_id: z.string(),
  project_name: z.string(),
  email: z.string(),
  role: z.enum(projectRoles),
  expires_at: z.string(),
  user_exists: z.boolean(),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

export const acceptInvitationResultSchema = z.object({
  message: z.string(),
  projet_id: z.string(),
  user_created: z.boolean(),
  /** Only when the invitation created the account: the new session. */
  access_token: z.optional(z.string()),
});
export type AcceptInvitationResult = z.infer<typeof acceptInvitationResultSchema>;

export const pendingInvitationSchema = z.object({
  id: z.string(),
  projet_id: z.string(),
  project_name: z.string(),
  role: z.enum(projectRoles),
  expires_at: z.string(),
  invited_by: z.nullable(z.string()),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const pendingInvitationListSchema = z.array(pendingInvitationSchema);
