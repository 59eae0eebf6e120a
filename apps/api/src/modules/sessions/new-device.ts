import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { userNotificationPreferences } from '../../db/schema/notifications';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { newDeviceMail } from '../../mail/templates/login-security';
import { describeDevice } from './device';

const whenFormat = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/**
 * Before a session opens (issue 27): when the account has sessions and none of them was on this
 * kind of device (browser and system, as « Sessions actives » names it), its owner is mailed.
 * A first session (a new account) says nothing. A mail that cannot go out is logged, and the
 * sign-in goes on. Owners who turned the notice off on /profile are not mailed.
 */
export async function noticeNewDevice(
  ctx: AppContext,
  input: { userId: string; ip: string; userAgent: string | null },
): Promise<void> {
  const device = describeDevice(input.userAgent);
  const earlier = await ctx.db
    .select({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, input.userId));
  if (earlier.length === 0 || earlier.some((s) => describeDevice(s.userAgent) === device)) return;
  const [owner] = await ctx.db
    .select({
      email: users.email,
      prenom: users.prenom,
      wanted: userNotificationPreferences.newDeviceMail,
    })
    .from(users)
    .leftJoin(userNotificationPreferences, eq(userNotificationPreferences.userId, users.id))
    .where(eq(users.id, input.userId));
  if (!owner || owner.wanted === false) return;
  try {
    await ctx.mailer.send(
      newDeviceMail({
        to: owner.email,
        prenom: owner.prenom,
        device,
        address: input.ip,
        when: `${whenFormat.format(new Date())} (UTC)`,
        sessionsUrl: `${ctx.config.publicUrl}/profile`,
      }),
    );
  } catch (err) {
    ctx.log.error({ err: { message: (err as Error).message } }, 'new device mail not sent');
  }
}
