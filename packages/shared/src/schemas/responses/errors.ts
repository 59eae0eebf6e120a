/** The one error shape of the API (ARCHITECTURE.md): `{ detail }`. */
import { z } from 'zod/mini';

/** One field's problem in a 422 (`loc` names where: body, query, params, then the path). */
export const fieldIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** Every error of the API: `detail` is a French sentence, a list of field issues or an object. */
export const errorResponseSchema = z.object({
  detail: z.union([z.string(), z.array(fieldIssueSchema), z.record(z.string(), z.unknown())]),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** SPEC §3 "Quota error": a deploy or an edit refused with HTTP 400, this object as `detail`. */
export const quotaErrorDetailSchema = z.object({
  message: z.string(),
  quota_exceeded: z.array(z.string()),
  recommendations: z.array(
    z.object({
      type: z.enum(['increase_project_quota', 'reduce_application_request']),
      resource: z.string(),
      current_quota: z.number(),
      needed_increase: z.number(),
      suggested_quota: z.number(),
    }),
  ),
  quota_details: z.object({
    quota_cpu: z.number(),
    used_cpu: z.number(),
    quota_ram: z.number(),
    used_ram: z.number(),
    quota_stockage: z.number(),
    used_stockage: z.number(),
    requested_cpu: z.number(),
    requested_ram: z.number(),
    requested_stockage: z.number(),
  }),
});
export type QuotaErrorDetail = z.infer<typeof quotaErrorDetailSchema>;
