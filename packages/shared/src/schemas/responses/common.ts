import { z } from 'zod/mini';

/**
 * Shapes several resources answer. Response schemas are exact: the server's serializer strips
 * any field they do not list and refuses an answer that lacks a required one.
 */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const resourceAmountsSchema = z.object({
  cpu: z.number(),
  ram: z.number(),
  stockage: z.number(),
});
export type ResourceAmounts = z.infer<typeof resourceAmountsSchema>;

/** One field's problem in a 422 (`loc` names where: body, query, params, then the path). */
export const fieldIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});

/** Every error of the API: `detail` is a French sentence, a list of field issues or an object. */
export const errorResponseSchema = z.object({
  detail: z.union([z.string(), z.array(fieldIssueSchema), z.record(z.string(), z.unknown())]),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** 204: no body at all. */
export const noContentSchema = z.undefined();
