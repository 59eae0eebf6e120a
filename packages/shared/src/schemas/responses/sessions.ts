import { z } from 'zod/mini';

/** One entry of GET /users/me/sessions ('Sessions actives'). */
export const activeSessionSchema = z.object({
  id: z.string(),
  /** A readable device ("Chrome sur Windows"). */
  appareil: z.string(),
  navigateur: z.nullable(z.string()),
  adresse_ip: z.nullable(z.string()),
  date_creation: z.string(),
  derniere_activite: z.string(),
  expire_le: z.string(),
  session_courante: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const activeSessionListSchema = z.array(activeSessionSchema);
