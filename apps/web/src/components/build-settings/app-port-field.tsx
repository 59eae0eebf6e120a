import type { ReactElement } from 'react';
import { FormField } from '@/components/ui/form-field';

/**
 * « Port de l'application (optionnel) » of a code application: empty, the build detects it.
 * `children` is the input (the wizard's registered one, the source modal's controlled one).
 */
export function AppPortField({
  error,
  children,
}: {
  error?: string | undefined;
  children: ReactElement<{ id?: string; invalid?: boolean; 'aria-describedby'?: string }>;
}) {
  return (
    <FormField
      label="Port de l'application (optionnel)"
      error={error}
      hint="Laissé vide, il est détecté (3000 pour Node.js, 8000 pour Python, 80 pour un site statique…)."
    >
      {children}
    </FormField>
  );
}
