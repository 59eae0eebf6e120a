import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { certificateStatuses } from '@nuage/shared/certificate-types';
import { createdAt, timestamptz } from './columns';
import { projects } from './projects';
import { users } from './users';

export const certificateTypes = ['letsencrypt', 'custom'] as const;

/**
 * A TLS certificate of a project: uploaded ('Personnalisé') or ordered from an ACME authority
 * ('Let's Encrypt'). The private key is sealed (AES-256-GCM) and never returned.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    nom: text('nom').notNull(),
    domain: text('nom_domaine').notNull(),
    description: text('description'),
    type: text('type', { enum: certificateTypes }).notNull(),
    status: text('statut', { enum: certificateStatuses }).notNull(),
    /** Leaf certificate followed by its chain, PEM. Null until an order completes. */
    certificatePem: text('certificate_pem'),
    privateKeySealed: text('private_key_sealed'),
    expiresAt: timestamptz('expires_at'),
    notBefore: timestamptz('not_before'),
    issuer: text('issuer'),
    subjectAltNames: jsonb('subject_alt_names').$type<string[]>().notNull().default([]),
    /** Let's Encrypt orders. */
    acmeEmail: text('acme_email'),
    staging: boolean('staging').notNull().default(false),
    wildcard: boolean('wildcard').notNull().default(false),
    /** How it was or is being issued: 'acme', 'cert-manager' or 'simulation'. */
    issuance: text('issuance'),
    lastError: text('last_error'),
    /**
     * Docker runtime: made by the platform for a custom domain whose certificate the edge proxy
     * orders by ACME (modules/certificates/proxy-certificates.ts); removed with the domain.
     */
    proxyManaged: boolean('proxy_managed').notNull().default(false),
    /** Renewal/ordering work for the certificate worker, claimed like applications. */
    nextAttemptAt: timestamptz('next_attempt_at'),
    attempts: integer('attempts').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamptz('lease_expires_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('certificates_project_idx').on(t.projectId),
    index('certificates_work_idx').on(t.nextAttemptAt),
  ],
);

/** ACME accounts by directory and e-mail (one key pair each, sealed). */
export const acmeAccounts = pgTable(
  'acme_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    directoryUrl: text('directory_url').notNull(),
    email: text('email').notNull(),
    accountKeySealed: text('account_key_sealed').notNull(),
    accountUrl: text('account_url'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('acme_accounts_directory_email_key').on(t.directoryUrl, t.email)],
);

/** HTTP-01 answers served at /.well-known/acme-challenge/{token}, shared by every API process. */
export const acmeChallenges = pgTable('acme_challenges', {
  token: text('token').primaryKey(),
  keyAuthorization: text('key_authorization').notNull(),
  certificateId: uuid('certificate_id').references(() => certificates.id, { onDelete: 'cascade' }),
  expiresAt: timestamptz('expires_at').notNull(),
  createdAt: createdAt(),
});
