import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  /** What will happen, in the user's words (irreversible? what goes with it?). */
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  /** The action is running: both buttons wait and the dialog stays open. */
  pending?: boolean;
  pendingLabel?: string;
  /** 'danger' (default) for what cannot be undone; 'primary' for a choice that can be. */
  confirmVariant?: 'danger' | 'primary';
}

/** Asks before a destructive action; the action itself stays with the caller. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  pending = false,
  pendingLabel,
  confirmVariant = 'danger',
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Annuler
          </Button>
          <Button
            variant={confirmVariant}
            onClick={onConfirm}
            loading={pending}
            loadingText={pendingLabel}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700 dark:text-slate-300">{children}</div>
    </Modal>
  );
}
