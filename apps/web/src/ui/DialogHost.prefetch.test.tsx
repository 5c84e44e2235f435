import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Idle from '@/platform/idle';
import { DialogHost } from './DialogHost';

// The page's idle moment, opened by hand, and whether the dialog's chunk was asked for.
const page = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const idle = new Promise<void>((resolve) => (open = resolve));
  return { idle, open: () => open(), dialogFetched: false };
});
vi.mock('@/platform/idle', async (importOriginal) => ({
  ...(await importOriginal<typeof Idle>()),
  whenIdle: () => page.idle,
}));
vi.mock('./QueuedDialog', async (importOriginal) => {
  page.dialogFetched = true;
  return importOriginal();
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the dialog host fetches the dialog before the first alert', () => {
  it('not with the page, but once the page is idle after its load', async () => {
    render(<DialogHost />);
    await settle();
    expect(page.dialogFetched).toBe(false);
    page.open();
    await vi.waitFor(() => expect(page.dialogFetched).toBe(true));
  });
});
