import { imageWatchTexts as t } from '@nuage/shared/messages/images';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { useCreateImageWatchHook } from '../api/create-image-watch-hook';

/**
 * The registry webhook of an image application: whether one exists, and a new URL made here
 * (shown this once: only its hash is kept).
 */
export function ImageWatchHook({
  deploymentId,
  active,
  canManage,
}: {
  deploymentId: string;
  active: boolean;
  canManage: boolean;
}) {
  const create = useCreateImageWatchHook(deploymentId);
  const url = create.data?.url;
  return (
    <section aria-labelledby="image-watch-hook-title" className="space-y-2">
      <h3
        id="image-watch-hook-title"
        className="text-sm font-medium text-slate-700 dark:text-slate-300"
      >
        {t.hookTitle}
      </h3>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t.hookHelp}</p>
      {url ? (
        <div className="space-y-2">
          <p className="text-xs font-medium text-amber-800 dark:text-amber-300">
            {t.hookShownOnce}
          </p>
          <div className="flex items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-slate-100 px-2 py-1 text-xs dark:bg-slate-800">
              {url}
            </code>
            <CopyButton value={url} label={t.hookTitle} />
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {active ? t.hookActive : t.hookNone}
        </p>
      )}
      {canManage && (
        <Button
          variant="outline"
          size="sm"
          loading={create.isPending}
          onClick={() => create.mutate()}
        >
          {active || url ? t.hookRenew : t.hookCreate}
        </Button>
      )}
    </section>
  );
}
