import { z } from 'zod/mini';
import { projectRoles } from '../roles';
import { emailField, requiredText } from './fields';

export const projectMessages = {
  nomRequired: 'Le nom est requis',
  nomTooLong: 'Le nom ne peut pas dépasser 100 caractères',
  descriptionTooLong: 'La description ne peut pas dépasser 1000 caractères',
  cpuRequired: 'Le quota CPU est requis',
  cpuMin: 'Minimum 0.1 core',
  cpuMax: 'Maximum 1000 cores',
  ramRequired: 'Le quota RAM est requis',
  ramMin: 'Minimum 0.5 GB',
  ramMax: 'Maximum 4096 GB',
  storageRequired: 'Le quota stockage est requis',
  storageMin: 'Minimum 1 GB',
  storageMax: 'Maximum 100000 GB',
  roleRequired: 'Le rôle est requis',
  roleInvalid: 'Rôle invalide : choisissez user, developer ou admin',
} as const;

/** SPEC §9: quota minimums for a project. */
export const projectQuotaLimits = {
  cpu: { min: 0.1, max: 1000 },
  ram: { min: 0.5, max: 4096 },
  storage: { min: 1, max: 100000 },
} as const;

/** A required number: missing, empty or not a number all read `requiredMsg`. */
export function requiredNumber(
  requiredMsg: string,
  ...checks: Parameters<ReturnType<typeof z.number>['check']>
) {
  return z.number({ error: requiredMsg }).check(...checks);
}

const m = projectMessages;
const L = projectQuotaLimits;

export const projectFields = {
  nom: requiredText(m.nomRequired, z.maxLength(100, m.nomTooLong)),
  description: z.nullish(z.string().check(z.trim(), z.maxLength(1000, m.descriptionTooLong))),
  quota_cpu: requiredNumber(m.cpuRequired, z.gte(L.cpu.min, m.cpuMin), z.lte(L.cpu.max, m.cpuMax)),
  quota_ram: requiredNumber(m.ramRequired, z.gte(L.ram.min, m.ramMin), z.lte(L.ram.max, m.ramMax)),
  quota_stockage: requiredNumber(
    m.storageRequired,
    z.gte(L.storage.min, m.storageMin),
    z.lte(L.storage.max, m.storageMax),
  ),
};

/** POST /projects/ and PUT /projects/{id} (SPEC §5 "Project form"). */
export const projectSchema = z.object(projectFields);
export type ProjectInput = z.infer<typeof projectSchema>;

export const roleField = z.enum(projectRoles, {
  error: (issue) =>
    issue.input === undefined || issue.input === '' ? m.roleRequired : m.roleInvalid,
});

/** POST /projects/{id}/members (SPEC §5 "Invite"). */
export const inviteMemberSchema = z.object({
  email_utilisateur_invite: emailField,
  role_projet: roleField,
});
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

/** PUT /projects/{id}/members/{memberId}. */
export const updateMemberSchema = z.object({ role_projet: roleField });
