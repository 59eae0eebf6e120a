/**
 * The DNS help of an application with a custom domain (issue 16): the record the customer
 * creates at their registrar, and what the platform's lookup found.
 */
import { z } from 'zod/mini';

export const dnsRecordSchema = z.object({
  type: z.enum(['A', 'AAAA', 'CNAME']),
  nom: z.string(),
  valeur: z.string(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

export const dnsCheckStatusValues = [
  'correct',
  'incorrect',
  'introuvable',
  'non_configure',
  'indisponible',
] as const;
export type DnsCheckStatus = (typeof dnsCheckStatusValues)[number];

/** How a custom domain's owner proved control of it (issue 24). */
export const domainProofValues = ['cname', 'txt', 'existing'] as const;
export type DomainProof = (typeof domainProofValues)[number];

/**
 * Whether the application may be served at its custom domain: only once its owner proved
 * control of the name, by a CNAME to the application's own platform host or by the TXT record
 * carrying the application's token. Until then no route, Ingress or certificate names it.
 */
export const domainOwnershipSchema = z.object({
  statut: z.enum(['verifie', 'en_attente']),
  preuve: z.nullable(z.enum(domainProofValues)),
  verifie_le: z.nullable(z.string()),
  /** While pending: when the claim is withdrawn unless proved by then. */
  expire_le: z.nullable(z.string()),
  /** While pending: when the platform last looked for the proof (null: not yet). */
  derniere_verification: z.nullable(z.string()),
  /** The TXT record that proves control: `_nuage-verification.<domain>`. */
  enregistrement: z.object({ type: z.literal('TXT'), nom: z.string(), valeur: z.string() }),
  /** What to do, or what was found, in French. */
  message: z.string(),
});
export type DomainOwnership = z.infer<typeof domainOwnershipSchema>;

export const dnsHelpSchema = z.object({
  domaine: z.string(),
  /** Records that make the domain reach the application (any one of them is enough). */
  enregistrements: z.array(dnsRecordSchema),
  propriete: domainOwnershipSchema,
  verification: z.object({
    statut: z.enum(dnsCheckStatusValues),
    message: z.string(),
    /** What the lookup found: addresses and, when there is one, the CNAME target. */
    trouve: z.object({ adresses: z.array(z.string()), cname: z.nullable(z.string()) }),
    verifie_le: z.string(),
  }),
});
export type DnsHelp = z.infer<typeof dnsHelpSchema>;
