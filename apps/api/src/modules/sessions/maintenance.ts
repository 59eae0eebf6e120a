import { lt } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { apiTokens, loginChallenges, sessions } from '../../db/schema/sessions';
import { RateLimiter } from '../../db/rate-limiter';
import { purgeAuditEvents } from '../audit/retention';
import { purgeWebhookDeliveries } from '../builds/webhook-deliveries';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The hourly clean-up of account data that has outlived its use: rate-limit events, expired
 * sessions and login steps, tokens expired for a month (they stay listed as expired until then),
 * audit entries past the retention (AUDIT_RETENTION_DAYS, at least 90 days), and webhook
 * delivery ids past theirs (30 days).
 */
export async function purgeExpiredAccountData(ctx: AppContext) {
  const now = Date.now();
  await new RateLimiter(ctx.db, ctx.secrets.hashKey).purgeOlderThan(48 * HOUR_MS);
  await ctx.db.delete(sessions).where(lt(sessions.expiresAt, new Date(now)));
  await ctx.db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, new Date(now)));
  await ctx.db.delete(apiTokens).where(lt(apiTokens.expiresAt, new Date(now - 30 * DAY_MS)));
  const audit = await purgeAuditEvents(ctx.db, ctx.config.auditRetentionDays);
  if (audit > 0) ctx.log.info({ entries: audit }, 'audit entries past retention purged');
  await purgeWebhookDeliveries(ctx.db);
}
