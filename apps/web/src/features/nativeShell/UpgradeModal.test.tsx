import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/renderWithI18n';
import { UpgradeModal } from './UpgradeModal';

describe('the app upgrade modal', () => {
  it('title, message and Update Now; closable when updates are not mandatory', () => {
    const onUpdate = vi.fn();
    const onClose = vi.fn();
    renderWithI18n(<UpgradeModal mandatory={false} onUpdate={onUpdate} onClose={onClose} />);
    const dialog = screen.getByRole('alertdialog', { name: 'New version available' });
    expect(dialog).toHaveAccessibleDescription(/A new version of the app is ready/);
    fireEvent.click(screen.getByRole('button', { name: 'Update Now' }));
    expect(onUpdate).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('no close when mandatory app updates are on', () => {
    const onClose = vi.fn();
    renderWithI18n(<UpgradeModal mandatory onUpdate={() => {}} onClose={onClose} />);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
  });
});
