import type { VolumeUsage } from '../../driver';
import { LABELS } from '../../spec';
import type { EngineApi } from './engine-api';
import { DOCKER_LABELS } from './labels';

/**
 * How full an application's volumes are on one host (issue 28 items 1 and 6). The engine's
 * `GET /system/df` gives each volume's `UsageData.Size`, but it walks every file of every volume
 * of the host (and Podman computes the images' and containers' sizes too, whatever `type` asks):
 * 0.08 s warm for 30,000 files, 0.35 s for 120,000, and 22 s with a cold page cache
 * (docs/metrics.md « Disque »). So it is read once for the whole host at most once per period,
 * and every application's sample takes its volumes' sizes from that one reading. An exec of
 * `du` in each container would walk the same files once per application, and needs a `du`
 * in the image (not every image has one).
 */

interface DfVolume {
  Name: string;
  UsageData?: { Size?: number } | null;
}

interface Snapshot {
  sizes: Map<string, number>;
  at: number;
}

export class HostVolumeUsage {
  private snapshot: Snapshot | null = null;
  private reading: Promise<Snapshot> | null = null;

  constructor(
    private readonly api: EngineApi,
    private readonly everyMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The application's volumes (labelled with its id), their size from the host's last reading. */
  async of(deploymentId: string): Promise<VolumeUsage | null> {
    const volumes = await this.api.listVolumes({
      label: [`${LABELS.deploymentId}=${deploymentId}`],
    });
    const claims = volumes.filter((v) => v.Labels?.[DOCKER_LABELS.sizeMb]);
    if (claims.length === 0) return null;
    const snapshot = await this.fresh();
    return {
      volumes: claims.flatMap((v) => {
        const used = snapshot.sizes.get(v.Name);
        const sizeMb = Number(v.Labels![DOCKER_LABELS.sizeMb]);
        // A volume created after the reading waits for the next one.
        if (used === undefined || !(sizeMb > 0)) return [];
        return [{ name: v.Name, usedBytes: used, capacityBytes: sizeMb * 1e6 }];
      }),
      measuredAt: new Date(snapshot.at).toISOString(),
      notice: null,
    };
  }

  /** The last reading while it is younger than the period; one reading at a time otherwise. */
  private fresh(): Promise<Snapshot> {
    if (this.snapshot && this.now() - this.snapshot.at < this.everyMs)
      return Promise.resolve(this.snapshot);
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async read(): Promise<Snapshot> {
    const at = this.now();
    const df = await this.api.client.json<{ Volumes?: DfVolume[] | null }>('GET', '/system/df', {
      // Docker ≥ 25 then skips images and containers; Podman ignores it.
      query: { type: 'volume' },
      timeoutMs: 120_000,
    });
    const sizes = new Map<string, number>();
    // Docker answers -1 for a size it did not compute.
    for (const v of df.Volumes ?? [])
      if (typeof v.UsageData?.Size === 'number' && v.UsageData.Size >= 0)
        sizes.set(v.Name, v.UsageData.Size);
    this.snapshot = { sizes, at };
    return this.snapshot;
  }
}
