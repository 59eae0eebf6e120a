import { z } from 'zod';

/** Security requirement for OpenAPI on authenticated routes. */
export const bearer = [{ bearerAuth: [] }];

export const messageResponse = z.object({ message: z.string() });

/** A path parameter: any string (a non-UUID id simply answers 404). */
export const pathParams = <K extends string>(...names: K[]) =>
  z.object(Object.fromEntries(names.map((n) => [n, z.string()])) as Record<K, z.ZodString>);
