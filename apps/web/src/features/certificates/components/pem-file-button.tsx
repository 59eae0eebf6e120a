import { certificateErrors } from '@nuage/shared/messages';
import { FileUp } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

const PEM_BLOCK = /-----BEGIN [A-Z0-9 ]+-----/;

/** Picks a .pem/.crt/.key file and hands over its text; anything that is not PEM is refused. */
export function PemFileButton({
  label,
  accept,
  onText,
  onError,
}: {
  /** The picker's accessible name (visible). */
  label: string;
  accept: string;
  onText(text: string): void;
  onError(message: string): void;
}) {
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    try {
      const text = await file.text();
      if (PEM_BLOCK.test(text)) onText(text.trim());
      else onError(certificateErrors.fileUnreadable);
    } catch {
      onError(certificateErrors.fileUnreadable);
    } finally {
      input.value = ''; // the same file can be picked again
    }
  };
  return (
    <label
      className={cn(
        buttonClasses('outline', 'sm'),
        'h-auto min-h-8 cursor-pointer py-1 has-focus-visible:ring-2 has-focus-visible:ring-blue-600/50',
      )}
    >
      <FileUp className="size-4 shrink-0" aria-hidden="true" />
      {label}
      <input type="file" accept={accept} className="sr-only" onChange={onChange} />
    </label>
  );
}

export const CERTIFICATE_FILE_TYPES =
  '.pem,.crt,.cer,application/x-pem-file,application/x-x509-ca-cert';
export const KEY_FILE_TYPES = '.pem,.key,application/x-pem-file';
