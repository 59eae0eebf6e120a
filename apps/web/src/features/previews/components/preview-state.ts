import { previewStateLabels } from '@nuage/shared/messages/previews';
import type { PreviewState } from '@nuage/shared/schemas/responses/previews';
import type { StatusTone, StatusView } from '@nuage/shared/status-display';

/**
 * As the platform's status badges colour them: under way yellow, up green, failed or refused
 * red, stopped idle or being deleted grey (nothing to wait for).
 */
const tones: Record<PreviewState, StatusTone> = {
  building: 'yellow',
  deploying: 'yellow',
  ready: 'green',
  failed: 'red',
  refused: 'red',
  stopped: 'grey',
  closing: 'grey',
};

export function previewStateView(state: PreviewState): StatusView {
  return { tone: tones[state], label: previewStateLabels[state] };
}

/** The states whose `message` says why. */
export const explainedStates: ReadonlySet<PreviewState> = new Set(['refused', 'failed', 'stopped']);
