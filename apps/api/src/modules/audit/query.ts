import { auditCategories, type AuditCategory } from '@nuage/shared/audit-actions';
import { auditLimits } from '@nuage/shared/account-limits';
import { validation } from '@nuage/shared/messages';
import { isRealDate } from '@nuage/shared/schemas/dates';
import { z } from 'zod';
import { pageQuerySchema } from '../../http/page-query';
import { auditQueryTexts } from '@nuage/shared/messages/audit';

/** A day (AAAA-MM-JJ) or an instant that exists: 2024-99-99 and 2024-02-30 are refused (422). */
const dateFilter = z.string().refine(isRealDate, validation.dateInvalid).optional();

/** GET /projects/{id}/audit: category, actor (user id), date range, page. */
export const auditQuerySchema = z
  .object({
    categorie: z
      .enum(Object.keys(auditCategories) as [AuditCategory, ...AuditCategory[]], {
        error: `categorie doit valoir ${Object.keys(auditCategories).join(', ')}`,
      })
      .optional(),
    acteur: z.uuid({ error: auditQueryTexts.actorInvalid }).optional(),
    depuis: dateFilter,
    jusqua: dateFilter,
  })
  .extend(pageQuerySchema({ max: 200, pageSize: auditLimits.pageSize }).shape);

export type AuditQuery = z.infer<typeof auditQuerySchema>;
