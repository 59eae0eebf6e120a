import { z } from 'zod';
import { paginationTexts } from '@nuage/shared/messages/pagination';

/** `limit` (1 to `max`, `pageSize` when absent) and `offset` of a paged list's query string. */
export function pageQuerySchema(opts: { max: number; pageSize: number }) {
  const limitError = paginationTexts.limitRange(opts.max);
  const offsetError = paginationTexts.offsetPositive;
  return z.object({
    limit: z.coerce
      .number({ error: limitError })
      .int(limitError)
      .min(1, limitError)
      .max(opts.max, limitError)
      .default(opts.pageSize),
    offset: z.coerce.number({ error: offsetError }).int(offsetError).min(0, offsetError).default(0),
  });
}
