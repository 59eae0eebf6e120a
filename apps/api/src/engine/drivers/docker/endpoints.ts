import type { ApplicationRef } from '../../spec';
import { LABELS } from '../../spec';
import { TcpBalancer, type BalancerTarget } from './balancer';
import { DOCKER_LABELS } from './labels';
import type { EngineApi } from './engine-api';

/**
 * The stable address of each application: a balancer (balancer.ts) on a port that must
 * survive an API restart, so that application_url stays true.
 *
 * The port is recorded in a label of a tiny named volume `<name>-endpoint`. Engine labels are
 * immutable; unlike a replica or the database, an empty volume can be deleted and created
 * again to "relabel" it when the port is taken after a restart, without touching anything
 * that runs. A crash between the two leaves no record: a new port is chosen and recorded,
 * and status() reports the new URL.
 */

export interface EndpointOptions {
  listenHost: string;
  publicHost: string;
  refreshMs: number;
}

export type TargetSource = (ref: ApplicationRef) => Promise<BalancerTarget[]>;

export const endpointVolume = (name: string) => `${name}-endpoint`;

export class Endpoints {
  private readonly open = new Map<string, { balancer: TcpBalancer; timer: NodeJS.Timeout }>();
  private readonly opening = new Map<string, Promise<TcpBalancer>>();

  constructor(
    private readonly api: EngineApi,
    private readonly opts: EndpointOptions,
    private readonly targetsOf: TargetSource,
  ) {}

  url(port: number): string {
    return `http://${this.opts.publicHost}:${port}`;
  }

  /** The application's balancer, reopened on its recorded port after a restart. */
  ensure(ref: ApplicationRef, labels: Record<string, string>): Promise<TcpBalancer> {
    const current = this.open.get(ref.deploymentId);
    if (current) return Promise.resolve(current.balancer);
    let pending = this.opening.get(ref.deploymentId);
    if (!pending) {
      pending = this.openBalancer(ref, labels).finally(() => this.opening.delete(ref.deploymentId));
      this.opening.set(ref.deploymentId, pending);
    }
    return pending;
  }

  setTargets(deploymentId: string, targets: BalancerTarget[]): void {
    this.open.get(deploymentId)?.balancer.setTargets(targets);
  }

  async close(deploymentId: string): Promise<void> {
    await this.opening.get(deploymentId)?.catch(() => undefined);
    const entry = this.open.get(deploymentId);
    if (!entry) return;
    this.open.delete(deploymentId);
    clearInterval(entry.timer);
    await entry.balancer.close();
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open.keys()].map((id) => this.close(id)));
  }

  private async openBalancer(
    ref: ApplicationRef,
    labels: Record<string, string>,
  ): Promise<TcpBalancer> {
    const volume = endpointVolume(ref.name);
    const record = await this.api.inspectVolume(volume);
    const ours = record?.Labels?.[LABELS.deploymentId] === ref.deploymentId;
    const recorded = ours ? Number(record?.Labels?.[DOCKER_LABELS.publicPort]) : NaN;
    const refresh = () => this.targetsOf(ref);
    let balancer: TcpBalancer | null = null;
    if (Number.isInteger(recorded) && recorded > 0) {
      balancer = await TcpBalancer.listen(this.opts.listenHost, recorded, { refresh }).catch(
        () => null,
      );
    }
    if (!balancer) {
      balancer = await TcpBalancer.listen(this.opts.listenHost, 0, { refresh });
      try {
        await this.record(volume, labels, balancer.port, record !== null);
      } catch (err) {
        await balancer.close();
        throw err;
      }
    }
    const opened = balancer;
    const timer = setInterval(() => {
      refresh().then(
        (targets) => opened.setTargets(targets),
        () => undefined, // the engine is away: keep the last known targets
      );
    }, this.opts.refreshMs);
    timer.unref();
    this.open.set(ref.deploymentId, { balancer: opened, timer });
    return opened;
  }

  private async record(
    volume: string,
    labels: Record<string, string>,
    port: number,
    replace: boolean,
  ): Promise<void> {
    const all = {
      ...labels,
      [LABELS.component]: 'endpoint',
      [DOCKER_LABELS.publicPort]: String(port),
    };
    // Creating a volume that exists keeps its old labels (both engines): delete it first.
    if (replace) await this.api.removeVolume(volume);
    await this.api.createVolume(volume, all);
  }
}
