import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NumberInput } from './number-input';

describe('NumberInput', () => {
  it('asks phones for the decimal keypad when the step allows fractions', () => {
    render(<NumberInput aria-label="CPU" step={0.1} />);
    const input = screen.getByLabelText('CPU');
    expect(input).toHaveAttribute('type', 'number');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('step', '0.1');
  });

  it('asks for the numeric keypad for whole numbers', () => {
    render(<NumberInput aria-label="Instances" min={1} />);
    expect(screen.getByLabelText('Instances')).toHaveAttribute('inputmode', 'numeric');
  });
});
