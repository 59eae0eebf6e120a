import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/** The per-card refresh of the status page: an icon button named after what it refreshes. */
export function RefreshButton({
  label,
  pending,
  onClick,
}: {
  label: string;
  pending: boolean;
  onClick(): void;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={onClick}
      disabled={pending}
      aria-label={label}
      title={label}
      aria-busy={pending || undefined}
    >
      <RefreshCw className={cn('size-4', pending && 'animate-spin')} aria-hidden="true" />
    </Button>
  );
}
