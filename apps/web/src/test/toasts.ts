import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** The texts of the toasts on screen (react-hot-toast renders each as a polite status). */
export function toastTexts(): string[] {
  return Array.from(document.querySelectorAll('[role="status"][aria-live="polite"]')).map(
    (el) => el.textContent ?? '',
  );
}

/** Waits until a toast reads exactly `text`. */
export async function expectToast(text: string) {
  await waitFor(() => expect(toastTexts()).toContain(text));
}
