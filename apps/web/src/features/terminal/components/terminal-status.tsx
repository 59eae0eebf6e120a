import { terminalLabels } from '@nuage/shared/messages/terminal';
import { Badge } from '@/components/ui/badge';
import type { TerminalState } from './terminal-screen';

/** The connection's state in French, and why it ended once it did (read out by screen readers). */
export function TerminalStatus({ state }: { state: TerminalState }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-wrap items-center gap-2 text-sm">
      {state.kind === 'connecting' && <Badge tone="blue">{terminalLabels.connecting}</Badge>}
      {state.kind === 'connected' && (
        <Badge tone="green">{terminalLabels.connected(state.replica)}</Badge>
      )}
      {state.kind === 'closed' && (
        <>
          <Badge tone="grey">{terminalLabels.closed}</Badge>
          <span className="text-slate-700 dark:text-slate-300">{state.message}</span>
        </>
      )}
    </div>
  );
}
