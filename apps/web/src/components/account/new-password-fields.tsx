import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/**
 * A new account's password and its confirmation (the sign-up page's and an invitation's).
 * `password` should be registered with `deps: 'confirmPassword'`, so that a confirmation
 * already typed is checked again when the password changes.
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  errors,
}: {
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  /** The form's errors (react-hook-form's `formState.errors`). */
  errors: { password?: { message?: string }; confirmPassword?: { message?: string } };
}) {
  return (
    <>
      <FormField
        label="Mot de passe"
        error={errors.password?.message}
        hint="Au moins 6 caractères."
      >
        <Input type="password" autoComplete="new-password" {...password} />
      </FormField>
      <FormField label="Confirmer le mot de passe" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...confirmPassword} />
      </FormField>
    </>
  );
}
