import { z } from 'zod/mini';
import { databasePublicTexts as t } from '../messages/database-public';

/** At most this many allow-list entries: each is a firewall rule (or a source range). */
export const MAX_PUBLIC_SOURCES = 50;

/**
 * PUT /databases/{id}/public-access (issue 25 item 2): on with its allow-list, or off. Each
 * entry is checked by the API (ip-allow-list.ts), with a French message per entry.
 */
export const publicAccessSchema = z.object({
  actif: z.boolean({ error: t.activeRequired }),
  sources_autorisees: z.optional(
    z
      .array(z.string().check(z.maxLength(64, t.sourceInvalid('…'))))
      .check(z.maxLength(MAX_PUBLIC_SOURCES, t.tooManySources)),
  ),
});
export type PublicAccessInput = z.infer<typeof publicAccessSchema>;

/** The public endpoint as a database's answer shows it (never a secret: the CA is public). */
export const publicAccessResponseSchema = z.object({
  /** The operator enabled public endpoints on this platform (else the card says so). */
  disponible: z.boolean(),
  actif: z.boolean(),
  hote: z.nullable(z.string()),
  port: z.nullable(z.number()),
  /** With the password masked, as every connection string outside the reveal call. */
  chaine_connexion: z.nullable(z.string()),
  sources_autorisees: z.array(z.string()),
  /** 0.0.0.0/0 or ::/0 is in the list: the page warns. */
  ouvert_a_tous: z.boolean(),
  /** TLS is served on the public endpoint. */
  tls: z.boolean(),
  /** SHA-256 fingerprint of the CA clients verify the server with (GET …/public-access/ca.pem). */
  empreinte_ca: z.nullable(z.string()),
});
/** GET /databases/{id}/public-access/ca: the CA clients verify the server with (public). */
export const publicAccessCaSchema = z.object({
  nom_fichier: z.string(),
  certificat_pem: z.string(),
  empreinte_sha256: z.string(),
});
export type PublicAccessCa = z.infer<typeof publicAccessCaSchema>;

export type PublicAccessResource = z.infer<typeof publicAccessResponseSchema>;
