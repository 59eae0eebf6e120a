import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * Orders, per custom domain name, what decides who holds it: a claim (deploy, code deploy,
 * edit) and a proof of control (take-domain.ts) of one name never interleave, so a claim never
 * lands on a name a concurrent proof just took. Transaction-scoped; taken first in the
 * transaction, before any project or row lock, so lock orders never cross (a proof writes
 * audit entries in other projects, which waits on their project rows).
 */
export async function lockDomainName(tx: Executor, name: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`nuage-domain:${name}`}, 0))`,
  );
}
