import { validation } from '@nuage/shared/messages';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * Adds "the two passwords differ" to a form's errors while other fields are still invalid:
 * zod skips an object's own checks once a field has failed, so the shared schema alone showed
 * the mismatch only after everything else was fixed. Here a submit shows every error at once.
 * (A wrapper rather than a schema change: the login page shares the schemas' chunk, and zod's
 * intersection would weigh on it.)
 */
export function withPasswordMismatch<
  T extends FieldValues & { password: string; confirmPassword: string },
  C,
  O,
>(resolver: Resolver<T, C, O>): Resolver<T, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const { password, confirmPassword } = values;
    const differ = password !== '' && confirmPassword !== '' && password !== confirmPassword;
    if (!differ || result.errors.confirmPassword) return result;
    const errors = {
      ...result.errors,
      confirmPassword: { type: 'mismatch', message: validation.passwordMismatch },
    } as FieldErrors<T>;
    return { values: {}, errors };
  };
}
