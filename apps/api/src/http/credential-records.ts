// What authentication reads about a caller. The rows are read by the sessions, tokens and users
// modules; http/ holds only these shapes and the lookups' interface, so it never imports a module.

/** The signed-in caller (from the database, or the session cache for up to 10 s). */
export interface AuthUser {
  id: string;
  email: string;
  nom: string;
  prenom: string;
  createdAt: Date;
  /** A new e-mail waiting for confirmation, if any. */
  pendingEmail: string | null;
  /** Whether a TOTP second factor protects the account. */
  totpEnabled: boolean;
}

/** The user row an authenticated request needs: the caller plus what decides the session. */
export interface SessionUser extends AuthUser {
  verifiedAt: Date | null;
}

/** A session row as authentication needs it. */
export interface SessionRecord {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
}

/** A personal API token row as authentication needs it. */
export interface ApiTokenRecord {
  id: string;
  userId: string;
  nom: string;
  scope: 'read' | 'full';
  projectId: string | null;
  expiresAt: Date;
  lastUsedAt: Date | null;
}

/** The lookups `authenticatePlugin` runs per request, provided by the modules that own the rows. */
export interface CredentialLookups {
  /** A personal API token by its secret: known, unexpired and not revoked, or undefined. */
  apiToken(secret: string): Promise<ApiTokenRecord | undefined>;
  noteApiTokenUse(token: ApiTokenRecord, ip: string): void;
  /** A live session by id. */
  session(sessionId: string): Promise<SessionRecord | undefined>;
  noteSessionActivity(session: SessionRecord): void;
  user(userId: string): Promise<SessionUser | undefined>;
}
