import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field, LabelledField, SelectField } from './field';

describe("the console's labelled field", () => {
  afterEach(cleanup);

  it('names its input by the label and passes the attributes on', () => {
    render(<Field label="Сумма" name="amount" required />);
    const input = screen.getByLabelText('Сумма') as HTMLInputElement;
    expect(input.name).toBe('amount');
    expect(input.required).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('ties the hint and the error to the control and marks it invalid', () => {
    render(<Field label="Сумма" hint="В рублях" error="Больше, чем можно" />);
    const input = screen.getByLabelText('Сумма');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['В рублях', 'Больше, чем можно']);
  });

  it('labels any control, with the id given', () => {
    render(
      <LabelledField label="Действие" id="audit-action" hint="Любое">
        {(control) => (
          <select {...control}>
            <option>Любое</option>
          </select>
        )}
      </LabelledField>,
    );
    const select = screen.getByRole('combobox', { name: 'Действие' });
    expect(select.id).toBe('audit-action');
    expect(select.getAttribute('aria-describedby')).toBe('audit-action-hint');
  });
});

describe("the console's select field", () => {
  afterEach(cleanup);

  it('offers "any" first (the empty value), then the choices, under its label', () => {
    render(<SelectField label="Тип" name="type" any="Любой" options={[['earn', 'Начисление']]} />);
    const select = screen.getByRole('combobox', { name: 'Тип' }) as HTMLSelectElement;
    expect(select.name).toBe('type');
    expect(select.value).toBe('');
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Любой'],
      ['earn', 'Начисление'],
    ]);
  });
});
