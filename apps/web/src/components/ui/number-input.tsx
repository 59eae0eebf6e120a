import { Input, type InputProps } from './input';

/** A number typed by hand: the decimal keypad on phones when the step allows fractions. */
export function NumberInput({
  step = 1,
  ...rest
}: Omit<InputProps, 'type' | 'inputMode' | 'step'> & { step?: number }) {
  return (
    <Input
      type="number"
      inputMode={Number.isInteger(step) ? 'numeric' : 'decimal'}
      step={step}
      {...rest}
    />
  );
}

/**
 * react-hook-form's `register` option for a NumberInput: the value is read as a number (an
 * emptied field reads NaN, which the schemas report as required).
 */
export const asNumber = { valueAsNumber: true } as const;
