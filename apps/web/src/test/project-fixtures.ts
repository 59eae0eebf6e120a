import type {
  Environment,
  InvitationInfo,
  PendingInvitation,
  Project,
  ProjectInvitation,
  ProjectMember,
  ProjectPage,
} from '@nuage/shared/api-types';
import { buildUser } from './render';

/** Factories for the API answers of the projects, environments and invitations screens. */
export function buildProject(overrides: Partial<Project> = {}): Project {
  return {
    id: '0b6f2f8e-6a1e-4c55-9b3a-3f0c1d2e4a01',
    nom: 'Boutique Dakar',
    description: 'La boutique en ligne',
    quota_cpu: 2,
    quota_ram: 4,
    quota_stockage: 50,
    date_creation: '2024-05-02T09:00:00.000Z',
    role_projet: 'admin',
    usage: { cpu: 0.5, ram: 1, stockage: 10 },
    environments_count: 2,
    applications_count: 3,
    ...overrides,
  };
}

/** GET /projects's answer: `projects` as one page (the first, the last) of a list of `total`. */
export function buildProjectPage(
  projects: Project[],
  pagination: Partial<ProjectPage['pagination']> = {},
): ProjectPage {
  return {
    projects,
    pagination: { total: projects.length, limit: 20, offset: 0, has_more: false, ...pagination },
  };
}

/** The signed-in user of buildUser() as a member (admin by default). */
export function buildMember(overrides: Partial<ProjectMember> = {}): ProjectMember {
  const me = buildUser();
  return {
    id: 'a1a1a1a1-0000-4000-8000-000000000001',
    user_id: me.id,
    prenom: me.prenom,
    nom: me.nom,
    email: me.email,
    role_projet: 'admin',
    date_ajout: '2024-05-02T09:00:00.000Z',
    ...overrides,
  };
}

/** Another member: Moussa Fall, developer. */
export function buildOtherMember(overrides: Partial<ProjectMember> = {}): ProjectMember {
  return buildMember({
    id: 'b2b2b2b2-0000-4000-8000-000000000002',
    user_id: 'c3c3c3c3-0000-4000-8000-000000000003',
    prenom: 'Moussa',
    nom: 'Fall',
    email: 'moussa.fall@example.sn',
    role_projet: 'developer',
    ...overrides,
  });
}

export function buildProjectInvitation(
  overrides: Partial<ProjectInvitation> = {},
): ProjectInvitation {
  return {
    id: 'd4d4d4d4-0000-4000-8000-000000000004',
    email: 'fatou.ndiaye@example.sn',
    role_projet: 'developer',
    expires_at: '2030-01-09T12:00:00.000Z',
    date_creation: '2030-01-02T12:00:00.000Z',
    ...overrides,
  };
}

export function buildPendingInvitation(
  overrides: Partial<PendingInvitation> = {},
): PendingInvitation {
  return {
    id: 'e5e5e5e5-0000-4000-8000-000000000005',
    projet_id: 'f6f6f6f6-0000-4000-8000-000000000006',
    project_name: 'Cabinet Thiès',
    role: 'developer',
    expires_at: '2030-01-09T12:00:00.000Z',
    invited_by: 'Ibrahima Sarr',
    ...overrides,
  };
}

export function buildInvitationInfo(overrides: Partial<InvitationInfo> = {}): InvitationInfo {
  return {
    projet_id: '0b6f2f8e-6a1e-4c55-9b3a-3f0c1d2e4a01',
    project_name: 'Boutique Dakar',
    email: 'fatou.ndiaye@example.sn',
    role: 'developer',
    expires_at: '2030-01-09T12:00:00.000Z',
    user_exists: false,
    ...overrides,
  };
}

export function buildEnvironment(overrides: Partial<Environment> = {}): Environment {
  return {
    id: '9a9a9a9a-0000-4000-8000-000000000009',
    nom: 'production',
    type: 'prod',
    projet_id: '0b6f2f8e-6a1e-4c55-9b3a-3f0c1d2e4a01',
    namespace_k8s_id: 'env-boutique-dakar-production-1a2b3c',
    nom_dossier_git: 'manifests/env-boutique-dakar-production-1a2b3c',
    date_creation: '2024-05-03T09:00:00.000Z',
    status: { status: 'active', message: null, gitlab_config: { created: true } },
    applications_count: 2,
    apercu: null,
    ...overrides,
  };
}
