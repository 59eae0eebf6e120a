import { z } from 'zod/mini';
import { uptimeTexts } from '../messages/uptime';

/** PUT /deployments/{id}/uptime-check: what is requested and what counts as up. */
export const uptimeSettingsSchema = z.object({
  chemin: z
    .string(uptimeTexts.pathInvalid)
    .check(z.regex(/^\/[\x21-\x7e]{0,199}$/, uptimeTexts.pathInvalid)),
  /** null: any 2xx or 3xx. */
  code_attendu: z.nullable(
    z
      .number(uptimeTexts.expectedStatusInvalid)
      .check(
        z.int(uptimeTexts.expectedStatusInvalid),
        z.gte(100, uptimeTexts.expectedStatusInvalid),
        z.lte(599, uptimeTexts.expectedStatusInvalid),
      ),
  ),
  delai_secondes: z
    .number(uptimeTexts.timeoutInvalid)
    .check(
      z.int(uptimeTexts.timeoutInvalid),
      z.gte(1, uptimeTexts.timeoutInvalid),
      z.lte(30, uptimeTexts.timeoutInvalid),
    ),
});
export type UptimeSettingsInput = z.infer<typeof uptimeSettingsSchema>;

/** PUT /projects/{id}/status-page. */
export const statusPageSettingsSchema = z.object({
  active: z.boolean(uptimeTexts.statusPageActiveRequired),
});
