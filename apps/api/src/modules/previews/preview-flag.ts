import { sql } from 'drizzle-orm';

/**
 * In a select of `deployments`: whether the application is a pull request's preview (the
 * previews_deployment_idx index answers it). Spelled out: in a select of one table drizzle
 * leaves its columns unqualified, which the subquery would read as its own.
 */
export const isPreviewApplication = sql<boolean>`exists (select 1 from "previews" where "previews"."deployment_id" = "deployments"."id")`;
