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

/** 204: no body at all. */
export const noContentSchema = z.undefined();
