import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '@/test/renderWithI18n';
import { MobileNumberField } from './MobileNumberField';

function Harness({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  const [code, setCode] = useState('63');
  return (
    <MobileNumberField
      dialingCode={code}
      onDialingCodeChange={setCode}
      value={value}
      onChange={setValue}
      error={error}
    />
  );
}

describe('MobileNumberField', () => {
  it.each([
    ['abc😀12', 'Use digits only.'],
    ['12a', 'Use digits only.'],
    ['<b>1</b>', 'Use digits only.'],
  ])('typing %j says so at once, tied to the field', (typed, message) => {
    renderWithI18n(<Harness />);
    const field = screen.getByRole('textbox', { name: 'Mobile number' });
    expect(field).toHaveAttribute('inputmode', 'tel');
    fireEvent.change(field, { target: { value: typed } });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(message);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it.each(['9170000001', '+63 917 000 0001', '917-000-0001'])('typing %j says nothing', (typed) => {
    renderWithI18n(<Harness />);
    const field = screen.getByRole('textbox', { name: 'Mobile number' });
    fireEvent.change(field, { target: { value: typed } });
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the form’s own message (its length, after leaving the field) goes first', () => {
    renderWithI18n(<Harness error="Enter a mobile number of 5 to 15 digits." />);
    expect(screen.getByRole('textbox', { name: 'Mobile number' })).toHaveAccessibleDescription(
      'Enter a mobile number of 5 to 15 digits.',
    );
  });
});
