import { z } from 'zod';

/** Security requirement for OpenAPI on authenticated routes. */
export const bearer = [{ bearerAuth: [] }];

/** `{ message }`: the French sentence of an action done. */
export { messageResponseSchema as messageResponse } from '@nuage/shared/schemas/responses/common';

/** A path parameter: any string (a non-UUID id simply answers 404). */
export const pathParams = <K extends string>(...names: K[]) =>
  z.object(Object.fromEntries(names.map((n) => [n, z.string()])) as Record<K, z.ZodString>);
