import type { Project } from '@nuage/shared/api-types';
import { UsageBar } from './usage-bar';

/** CPU, RAM and storage: reserved by the applications against the project's quota. */
export function QuotaUsage({ project }: { project: Project }) {
  return (
    <div className="space-y-3">
      <UsageBar label="CPU" used={project.usage.cpu} quota={project.quota_cpu} unit="cores" />
      <UsageBar label="RAM" used={project.usage.ram} quota={project.quota_ram} unit="GB" />
      <UsageBar
        label="Stockage"
        used={project.usage.stockage}
        quota={project.quota_stockage}
        unit="GB"
      />
    </div>
  );
}
