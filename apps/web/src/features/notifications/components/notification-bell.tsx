import { Popover } from 'radix-ui';
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import { inboxQueryOptions, useMarkRead } from '../api/get-inbox';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

/** The bell: the signed-in user's unread notifications, each linking to what it is about. */
export function NotificationBell() {
  const inbox = useQuery(inboxQueryOptions());
  const markRead = useMarkRead();
  const unread = inbox.data?.non_lues ?? 0;
  const entries = inbox.data?.notifications ?? [];

  return (
    // Opened: the latest entries, not those of the last look.
    <Popover.Root onOpenChange={(open) => open && void inbox.refetch()}>
      <Popover.Trigger
        className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        aria-label={unread > 0 ? `Notifications (${unread} non lues)` : 'Notifications'}
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 && (
          <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold text-white">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-xl border border-slate-200 bg-white shadow-xl dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <span className="font-semibold">Notifications</span>
            {unread > 0 && (
              <button
                type="button"
                className="text-sm text-blue-600 hover:underline dark:text-blue-400"
                onClick={() => markRead.mutate(undefined)}
              >
                Tout marquer comme lu
              </button>
            )}
          </div>
          {entries.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-500 dark:text-slate-400">
              Aucune notification.
            </p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-200 overflow-y-auto dark:divide-slate-800">
              {entries.map((n) => (
                <li key={n.id}>
                  <Popover.Close asChild>
                    <Link
                      to={n.lien ?? '#'}
                      onClick={() => !n.lue && markRead.mutate([n.id])}
                      className={cn(
                        'block px-4 py-3 hover:bg-slate-50 dark:hover:bg-slate-800',
                        !n.lue && 'bg-blue-50/60 dark:bg-blue-950/30',
                      )}
                    >
                      <p className={cn('text-sm', !n.lue && 'font-semibold')}>{n.titre}</p>
                      <p className="line-clamp-2 text-xs text-slate-600 dark:text-slate-400">
                        {n.texte}
                      </p>
                      <p className="mt-1 text-xs text-slate-400">
                        {dateTime.format(new Date(n.created_at))}
                      </p>
                    </Link>
                  </Popover.Close>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
