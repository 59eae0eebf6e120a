/**
 * Limits of invitations, personal API tokens, the audit log and the projects list's pages: apart from limits.ts, which the
 * login page loads, so these never weigh on it.
 */
/** Invitations an admin may send: per project per hour, per inviter per day. */
export const invitationLimits = {
  perProjectPerHour: 20,
  perInviterPerDay: 30,
} as const;

/** Personal API tokens. */
export const apiTokenLimits = {
  nameMax: 60,
  maxPerUser: 20,
  expiryDays: [7, 30, 90, 365] as const,
  /** Tokens are sent as `Authorization: Bearer ndp_…`. */
  prefix: 'ndp_',
} as const;

/** The audit log keeps at least this many days (AUDIT_RETENTION_DAYS may raise it). */
export const auditLimits = {
  minRetentionDays: 90,
  pageSize: 50,
} as const;

/** GET /projects: projects per page, by default and at most (`limit`). */
export const projectListLimits = {
  pageSize: 20,
  max: 100,
} as const;
