import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppForm } from './Field';

describe('AppForm (the form kit’s form)', () => {
  it.each([
    ['busy', true, 'true'],
    ['not busy', false, 'false'],
    ['no busy state (the second-factor dialog)', undefined, null],
  ])('%s: posted, checked by the app, aria-busy as given', (_case, busy, ariaBusy) => {
    render(
      <AppForm onSubmit={() => undefined} busy={busy}>
        <button type="submit">Send</button>
      </AppForm>,
    );
    const form = screen.getByRole('button', { name: 'Send' }).closest('form') as HTMLFormElement;
    // A form the browser submits by itself never puts its fields in the address.
    expect(form.method).toBe('post');
    expect(form.noValidate).toBe(true);
    expect(form.getAttribute('aria-busy')).toBe(ariaBusy);
  });

  it.each([
    ['a handler that returns nothing', () => undefined],
    ['an async handler', () => Promise.resolve()],
  ])('hands the submit event to %s', (_case, answer) => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => {
      event.preventDefault();
      return answer();
    });
    render(
      <AppForm onSubmit={onSubmit}>
        <input aria-label="Name" required />
        <button type="submit">Send</button>
      </AppForm>,
    );
    // An empty required field does not stop it: the app's rules decide (noValidate).
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
