/**
 * Response shapes of the API (SPEC §3 field names), shared by the server's presenters and the
 * web app's fetch functions. Each is `z.infer` of its schema in schemas/responses/, which the
 * routes declare; this file only keeps the names where many importers look for them.
 */
export type { MessageResponse, ResourceAmounts } from './schemas/responses/common';
export type {
  AddMemberResult,
  Project,
  ProjectInvitation,
  ProjectMember,
  ProjectPage,
} from './schemas/responses/projects';
export type {
  AcceptInvitationResult,
  InvitationInfo,
  PendingInvitation,
} from './schemas/responses/invitations';
export type {
  Environment,
  EnvironmentConfig,
  EnvironmentStatus,
  EnvironmentStatusValue,
} from './schemas/responses/environments';
export type { Deployment, DomainStatus } from './schemas/responses/deployments';
