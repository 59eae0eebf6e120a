import { z } from 'zod/mini';
import { projectRoles } from '../../roles';
import { resourceAmountsSchema } from './common';

const projectRoleSchema = z.enum(projectRoles);

export const projectResponseSchema = z.object({
  id: z.string(),
  nom: z.string(),
  description: z.nullable(z.string()),
  quota_cpu: z.number(),
  quota_ram: z.number(),
  quota_stockage: z.number(),
  date_creation: z.string(),
  /** The caller's role in this project. */
  role_projet: projectRoleSchema,
  /** Reserved by the project's applications (cpu × replicas, ram × replicas, storage). */
  usage: resourceAmountsSchema,
  environments_count: z.number(),
  applications_count: z.number(),
});
export type Project = z.infer<typeof projectResponseSchema>;

export const projectMemberSchema = z.object({
  /** The membership id (used in /projects/{id}/members/{memberId}). */
  id: z.string(),
  user_id: z.string(),
  prenom: z.string(),
  nom: z.string(),
  email: z.string(),
  role_projet: projectRoleSchema,
  date_ajout: z.string(),
});
export type ProjectMember = z.infer<typeof projectMemberSchema>;

export const projectInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role_projet: projectRoleSchema,
  expires_at: z.string(),
  date_creation: z.string(),
});
export type ProjectInvitation = z.infer<typeof projectInvitationSchema>;

/**
 * POST /projects/{id}/members. SPEC §4 also names `member_added`; the platform no longer adds
 * anyone without their consent, so the answer is always an invitation, the same whether or not
 * the address has an account.
 */
export const addMemberResultSchema = z.object({
  type: z.literal('invitation_sent'),
  message: z.string(),
  invitation: projectInvitationSchema,
});
export type AddMemberResult = z.infer<typeof addMemberResultSchema>;

/**
 * GET /projects: one page of the caller's projects, newest first (query `limit`, 1 to
 * projectListLimits.max, and `offset`), with the envelope of the API's other paged lists.
 */
export const projectPageSchema = z.object({
  projects: z.array(projectResponseSchema),
  pagination: z.object({
    total: z.number(),
    limit: z.number(),
    offset: z.number(),
    has_more: z.boolean(),
  }),
});
export type ProjectPage = z.infer<typeof projectPageSchema>;
export const projectMemberListSchema = z.array(projectMemberSchema);
export const projectInvitationListSchema = z.array(projectInvitationSchema);
