import { previewLimits } from '@nuage/shared/schemas/previews';
import { toMilli } from '@nuage/shared/quantities';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { previewSettings } from '../../db/schema/previews';

export type PreviewSettingsRow = typeof previewSettings.$inferSelect;

/** An application that never saved its settings: previews off, the smallest size. */
export function defaultSettings(deploymentId: string): PreviewSettingsRow {
  return {
    deploymentId,
    enabled: false,
    cpuMilli: toMilli(previewLimits.defaultCpu),
    ramMb: toMilli(previewLimits.defaultRam),
    deleteDelayMinutes: 0,
    idleStopHours: null,
    databases: 'vide',
    envVars: [],
    apiUrl: null,
    statusTokenId: null,
    updatedAt: new Date(0),
  };
}

export async function settingsOf(db: Executor, deploymentId: string): Promise<PreviewSettingsRow> {
  const [row] = await db
    .select()
    .from(previewSettings)
    .where(eq(previewSettings.deploymentId, deploymentId));
  return row ?? defaultSettings(deploymentId);
}

export async function saveSettings(
  db: Executor,
  values: Omit<PreviewSettingsRow, 'updatedAt'>,
): Promise<void> {
  const set = { ...values, updatedAt: new Date() };
  await db
    .insert(previewSettings)
    .values(set)
    .onConflictDoUpdate({ target: previewSettings.deploymentId, set });
}
