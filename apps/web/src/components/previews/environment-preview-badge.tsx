import { previewWebTexts as t } from '@nuage/shared/messages/previews';
import type { Environment } from '@nuage/shared/api-types';
import { GitPullRequest } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/**
 * « Aperçu PR n° N » on an environment that previews a pull request (issue 26), a link to the
 * pull request when its address is known. Nothing for any other environment.
 */
export function EnvironmentPreviewBadge({ preview }: { preview: Environment['apercu'] }) {
  if (!preview) return null;
  const badge = (
    <Badge tone="purple">
      <GitPullRequest className="size-3" aria-hidden="true" />
      {t.environmentBadge(preview.numero_pr)}
    </Badge>
  );
  if (!preview.url_pr) return badge;
  return (
    <a
      href={preview.url_pr}
      target="_blank"
      rel="noreferrer"
      title={t.environmentBadgeLink(preview.numero_pr)}
      className="inline-flex rounded-full hover:underline focus-visible:ring-2 focus-visible:ring-blue-600/50 focus-visible:outline-none"
    >
      {badge}
    </a>
  );
}
