import type { IPod } from 'kubernetes-models/v1/Pod';
import { metricsHistoryNotices } from '@nuage/shared/messages/metrics-history';
import type { VolumeUsage } from '../../driver';
import { KubeApiRejection, KubeApiUnavailable, type KubeClient } from './kube-client';

/**
 * How full an application's PersistentVolumeClaims are, from the kubelets' volume stats
 * (`GET /api/v1/nodes/{node}/proxy/stats/summary`, pods[].volume[] with a pvcRef: usedBytes and
 * capacityBytes), one request per node of the application's pods, kept for a period (the
 * summary holds every pod of the node: one reading serves every application there).
 * `nodes/proxy` is not in the platform's own roles (it opens the whole kubelet API):
 * deploy/kubernetes/volume-stats.yaml grants it, and without it the notice says so.
 */

interface Summary {
  pods?: {
    podRef?: { name?: string; namespace?: string };
    volume?: {
      name?: string;
      usedBytes?: number;
      capacityBytes?: number;
      pvcRef?: { name?: string; namespace?: string };
    }[];
  }[];
}

export const nodeStatsPath = (node: string) =>
  `/api/v1/nodes/${encodeURIComponent(node)}/proxy/stats/summary`;

export class KubeletVolumeStats {
  private readonly nodes = new Map<string, { at: number; summary: Summary }>();
  /** When RBAC last refused the stats: not asked again (for any application) within the period. */
  private forbiddenAt: number | null = null;

  constructor(
    private readonly client: KubeClient,
    private readonly everyMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The claims the pods mount, with the kubelets' figures; null when they mount none. */
  async of(namespace: string, pods: IPod[]): Promise<VolumeUsage | null> {
    const claims = new Set(
      pods.flatMap((p) =>
        (p.spec?.volumes ?? []).flatMap((v) =>
          v.persistentVolumeClaim ? [v.persistentVolumeClaim.claimName] : [],
        ),
      ),
    );
    if (claims.size === 0) return null;
    if (this.forbiddenAt !== null && this.now() - this.forbiddenAt < this.everyMs)
      return this.notice(metricsHistoryNotices.diskStatsForbidden);
    const nodes = [...new Set(pods.flatMap((p) => (p.spec?.nodeName ? [p.spec.nodeName] : [])))];
    const found = new Map<string, { usedBytes: number; capacityBytes: number }>();
    let answered = 0;
    let measuredAt = this.now();
    for (const node of nodes) {
      let reading: { at: number; summary: Summary };
      try {
        reading = await this.read(node);
      } catch (error) {
        if (error instanceof KubeApiRejection && error.code === 403) {
          this.forbiddenAt = this.now();
          return this.notice(metricsHistoryNotices.diskStatsForbidden);
        }
        // One kubelet down (the API server's 5xx, or 404 for a node gone): the others still count.
        if (error instanceof KubeApiUnavailable || error instanceof KubeApiRejection) continue;
        throw error;
      }
      answered++;
      measuredAt = Math.min(measuredAt, reading.at);
      for (const pod of reading.summary.pods ?? []) {
        if (pod.podRef?.namespace !== namespace) continue;
        for (const v of pod.volume ?? []) {
          const claim = v.pvcRef?.name;
          if (!claim || v.pvcRef?.namespace !== namespace || !claims.has(claim)) continue;
          if (typeof v.usedBytes !== 'number' || !(Number(v.capacityBytes) > 0)) continue;
          found.set(claim, { usedBytes: v.usedBytes, capacityBytes: Number(v.capacityBytes) });
        }
      }
    }
    if (nodes.length > 0 && answered === 0)
      return this.notice(metricsHistoryNotices.diskStatsUnavailable);
    return {
      volumes: [...found].map(([name, v]) => ({ name, ...v })),
      measuredAt: new Date(measuredAt).toISOString(),
      notice: null,
    };
  }

  private notice(notice: string): VolumeUsage {
    return { volumes: [], measuredAt: new Date(this.now()).toISOString(), notice };
  }

  private async read(node: string) {
    const kept = this.nodes.get(node);
    if (kept && this.now() - kept.at < this.everyMs) return kept;
    const at = this.now();
    const summary = await this.client.json<Summary>('GET', nodeStatsPath(node));
    const reading = { at, summary };
    this.nodes.set(node, reading);
    return reading;
  }
}
