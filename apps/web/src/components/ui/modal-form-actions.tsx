import { Button } from './button';

/**
 * A form modal's footer: cancel, and submit the form named `formId` (the form sits in the
 * modal's body, the buttons in its footer, tied by the `form` attribute).
 */
export function ModalFormActions({
  formId,
  submitLabel = 'Enregistrer',
  submittingLabel = 'Enregistrement...',
  submitting,
  onCancel,
}: {
  formId: string;
  submitLabel?: string;
  submittingLabel?: string;
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
