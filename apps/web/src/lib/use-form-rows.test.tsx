import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { useFormRows } from './use-form-rows';

interface Values {
  vars: { name: string }[];
}

/** A list form whose names must be upper-case, checked on submit (as the wizard's resolver). */
function VarsForm({ onSave }: { onSave: (v: Values) => void }) {
  const form = useForm<Values>({
    defaultValues: { vars: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] },
    // Errors nested as @hookform/resolvers builds them: an array indexed by row.
    resolver: ((values: Values) => {
      const errors: { name: { type: string; message: string } }[] = [];
      values.vars.forEach((v, i) => {
        if (!/^[A-Z]+$/.test(v.name))
          errors[i] = { name: { type: 'custom', message: `Nom ${i + 1}` } };
      });
      return errors.length
        ? { values: {}, errors: { vars: errors } as FieldErrors<Values> }
        : { values, errors: {} };
    }) satisfies Resolver<Values>,
  });
  const { fields, append, remove } = useFormRows(form, 'vars');
  const errors = form.formState.errors.vars;
  return (
    <form onSubmit={form.handleSubmit(onSave)}>
      {fields.map((field, i) => (
        <div key={field.id}>
          <input aria-label={`Nom ${i + 1}`} {...form.register(`vars.${i}.name`)} />
          {errors?.[i]?.name && <p role="alert">{errors[i].name.message}</p>}
          <button type="button" onClick={() => remove(i)}>{`Supprimer ${i + 1}`}</button>
        </div>
      ))}
      <button type="button" onClick={() => append({ name: '' })}>
        Ajouter
      </button>
      <button type="submit">Enregistrer</button>
    </form>
  );
}

const names = () => screen.getAllByRole('textbox').map((i) => (i as HTMLInputElement).value);

describe('useFormRows', () => {
  it('removes the chosen row, keeps the others as typed, and submits what is shown', async () => {
    const user = userEvent.setup();
    let saved: Values | undefined;
    render(<VarsForm onSave={(v) => (saved = v)} />);
    await user.type(screen.getByLabelText('Nom 3'), 'D');
    await user.click(screen.getByRole('button', { name: 'Supprimer 2' }));
    expect(names()).toEqual(['A', 'CD']);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(saved).toEqual({ vars: [{ name: 'A' }, { name: 'CD' }] }));
  });

  it('appends an empty row with the cursor in it', async () => {
    const user = userEvent.setup();
    render(<VarsForm onSave={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(names()).toEqual(['A', 'B', 'C', '']);
    await waitFor(() => expect(screen.getByLabelText('Nom 4')).toHaveFocus());
  });

  it('after a refused submit, an error follows its row when a row above is removed', async () => {
    const user = userEvent.setup();
    render(<VarsForm onSave={() => {}} />);
    await user.clear(screen.getByLabelText('Nom 3'));
    await user.type(screen.getByLabelText('Nom 3'), 'x');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nom 3');
    await user.click(screen.getByRole('button', { name: 'Supprimer 1' }));
    expect(names()).toEqual(['B', 'x']);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Nom 2'));
  });
});
