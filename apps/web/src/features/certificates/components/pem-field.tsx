import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { PemFileButton } from './pem-file-button';

/** A PEM textarea, and a file picker that fills it. */
export function PemField({
  label,
  hint,
  error,
  placeholder,
  registration,
  fileLabel,
  accept,
  onFile,
  onFileError,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  placeholder: string;
  registration: UseFormRegisterReturn;
  fileLabel: string;
  accept: string;
  onFile(text: string): void;
  onFileError(message: string): void;
}) {
  return (
    <div className="space-y-2">
      <FormField label={label} error={error} hint={hint}>
        <Textarea
          rows={5}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
          placeholder={placeholder}
          className="font-mono text-xs"
          {...registration}
        />
      </FormField>
      <PemFileButton label={fileLabel} accept={accept} onText={onFile} onError={onFileError} />
    </div>
  );
}

export const CERTIFICATE_PLACEHOLDER = '-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----';
export const KEY_PLACEHOLDER = '-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----';
