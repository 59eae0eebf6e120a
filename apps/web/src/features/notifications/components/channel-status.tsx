import type { NotificationChannel } from '@nuage/shared/schemas/responses/notifications';
import { Badge } from '@/components/ui/badge';

/** Actif, en pause after failures (with the count), or turned off by an admin. */
export function ChannelStatus({ channel }: { channel: NotificationChannel }) {
  if (channel.en_pause_depuis)
    return <Badge tone="red">En pause ({channel.echecs_consecutifs} échecs de suite)</Badge>;
  if (!channel.actif) return <Badge tone="grey">Désactivé</Badge>;
  if (channel.echecs_consecutifs > 0)
    return <Badge tone="yellow">Actif, {channel.echecs_consecutifs} échec(s) récent(s)</Badge>;
  return <Badge tone="green">Actif</Badge>;
}
