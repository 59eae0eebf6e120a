import { z } from 'zod/mini';

/** One entry of GET /projects/{id}/audit. */
export const auditEventSchema = z.object({
  id: z.number(),
  date: z.string(),
  action: z.string(),
  libelle: z.string(),
  acteur: z.object({
    id: z.nullable(z.string()),
    nom: z.nullable(z.string()),
    email: z.nullable(z.string()),
  }),
  jeton: z.nullable(z.object({ id: z.string(), nom: z.nullable(z.string()) })),
  cible: z.object({
    type: z.nullable(z.string()),
    id: z.nullable(z.string()),
    nom: z.nullable(z.string()),
  }),
  details: z.nullable(z.record(z.string(), z.unknown())),
  adresse_ip: z.nullable(z.string()),
  agent: z.nullable(z.string()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  pagination: z.object({ total: z.number(), has_more: z.boolean() }),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
