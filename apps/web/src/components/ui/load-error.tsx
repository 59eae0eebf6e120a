import { RefreshCw } from 'lucide-react';
import { Button } from './button';
import { Notice } from './notice';

/** A failed load: its message (the toast's) and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <Notice tone="error" title={message}>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        <RefreshCw className="size-4" aria-hidden="true" /> Réessayer
      </Button>
    </Notice>
  );
}
