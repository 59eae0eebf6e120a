import { Button } from '@/components/ui/button';

/** A certificate modal's footer: cancel, and submit the form named `formId`. */
export function FormActions({
  formId,
  submitLabel,
  submittingLabel,
  submitting,
  onCancel,
}: {
  formId: string;
  submitLabel: string;
  submittingLabel: string;
  submitting: boolean;
  onCancel(): void;
}) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={submitting}>
        Annuler
      </Button>
      <Button type="submit" form={formId} loading={submitting} loadingText={submittingLabel}>
        {submitLabel}
      </Button>
    </>
  );
}
