import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import vietnamese from '@/i18n/catalogs/vi.json';
import { languageStore } from '@/state/language';
import { renderWithI18n } from '@/test/renderWithI18n';
import { changeLanguage } from './changeLanguage';
import { LanguagePicker } from './LanguagePicker';

vi.mock('./changeLanguage', () => ({ changeLanguage: vi.fn(() => Promise.resolve('changed')) }));

beforeEach(() => {
  vi.clearAllMocks();
  languageStore.set({ language: 'VI', catalog: vietnamese });
});

describe('LanguagePicker', () => {
  it.each([
    { name: 'another language: switched, then done', pick: 'English', switches: true },
    {
      name: 'the current language: nothing to switch, but done (the dialog closes)',
      pick: 'Tiếng Việt',
      switches: false,
    },
  ])('$name', async ({ pick, switches }) => {
    const onChanged = vi.fn();
    renderWithI18n(<LanguagePicker onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('button', { name: pick }));
    expect(vi.mocked(changeLanguage).mock.calls.length).toBe(switches ? 1 : 0);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('shows the current language pressed', () => {
    renderWithI18n(<LanguagePicker />);
    expect(screen.getByRole('button', { name: 'Tiếng Việt' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'false');
  });
});
