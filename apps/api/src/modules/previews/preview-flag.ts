import { sql } from 'drizzle-orm';

/**
 * In a select of `deployments`: whether the application is a pull request's preview. Not
 * correlated: PostgreSQL reads the previews once into a hash, where `exists` probed the index
 * once per row (400 probes for the dashboard of 400 applications: issue 32). Spelled out: in a
 * select of one table drizzle leaves its columns unqualified, which the subquery would read as
 * its own.
 */
export const isPreviewApplication = sql<boolean>`("deployments"."id" in (select "previews"."deployment_id" from "previews" where "previews"."deployment_id" is not null))`;
