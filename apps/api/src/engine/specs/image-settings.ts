/**
 * What an image application keeps in its row's `settings` (issue 30): written by the deploy
 * (modules/deployments/deploy-image.ts), read by its spec. Anything else there is ignored.
 */
export interface ImageSettings {
  command: string[] | null;
  healthPath: string | null;
  dataPath: string | null;
}

export function imageSettingsOf(settings: Record<string, unknown>): ImageSettings {
  const command = settings.command;
  return {
    command:
      Array.isArray(command) && command.every((a) => typeof a === 'string')
        ? (command as string[])
        : null,
    healthPath: typeof settings.healthPath === 'string' ? settings.healthPath : null,
    dataPath: typeof settings.dataPath === 'string' ? settings.dataPath : null,
  };
}

export function imageSettings(s: ImageSettings): Record<string, unknown> {
  return { command: s.command, healthPath: s.healthPath, dataPath: s.dataPath };
}
