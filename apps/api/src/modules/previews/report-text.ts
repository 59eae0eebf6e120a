import { previewReportTexts as t } from '@nuage/shared/messages/previews';
import type { Preview, PreviewState } from '@nuage/shared/schemas/responses/previews';
import type { CommitStatus } from './git-host/types';

const LABELS: Record<PreviewState, string> = {
  building: t.building,
  deploying: t.deploying,
  ready: t.ready,
  failed: t.failed,
  refused: t.refused,
  stopped: t.stopped,
  closing: t.commentClosed,
};

/** The states after which nothing changes by itself: reported once, not watched further. */
export const FINAL_STATES: readonly PreviewState[] = [
  'ready',
  'failed',
  'refused',
  'stopped',
  'closing',
];

/** The application's page, where its builds and their logs are. */
export const applicationPage = (publicUrl: string, deploymentId: string) =>
  `${publicUrl.replace(/\/$/, '')}/deployment/${deploymentId}`;

/** The commit status: pending while building or deploying, then success or failure. */
export function commitStatusOf(p: Preview, publicUrl: string): CommitStatus {
  const page = p.application_id ? applicationPage(publicUrl, p.application_id) : null;
  const state: CommitStatus['state'] =
    // A stopped preview's commit built and served: it stays green, the comment says it stopped.
    p.etat === 'ready' || p.etat === 'stopped'
      ? 'success'
      : p.etat === 'failed' || p.etat === 'refused'
        ? 'failure'
        : 'pending';
  const label = p.etat === 'building' && !p.application_id ? t.queued : LABELS[p.etat];
  const description = p.message && state === 'failure' ? `${label} : ${p.message}` : label;
  return {
    state,
    description: description.slice(0, 140),
    targetUrl: p.etat === 'ready' ? (p.url ?? page) : page,
    context: t.context,
  };
}

/** The one comment of the request, rewritten in place at each change. */
export function commentOf(p: Preview, publicUrl: string, now: Date): string {
  const page = p.application_id ? applicationPage(publicUrl, p.application_id) : null;
  const lines = [t.commentTitle, '', t.commentState(LABELS[p.etat]), t.commentCommit(p.commit)];
  if (p.etat === 'ready' && p.url) lines.push(t.commentUrl(p.url));
  if (p.message && ['failed', 'refused', 'stopped'].includes(p.etat))
    lines.push('', `> ${p.message}`);
  if (page && p.etat !== 'closing') lines.push(t.commentLog(page));
  if (p.depuis_fork && !p.approuve && p.etat !== 'closing') lines.push('', t.commentFork);
  lines.push('', t.commentFooter(now.toISOString().slice(0, 16).replace('T', ' ')));
  return lines.join('\n');
}
