import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR, TIMEOUT_ERROR, WpsError } from '@/api/errors';
import { deferred } from '@/test/deferred';
import { renderWithI18n } from '@/test/renderWithI18n';
import { DialogHost } from '@/ui/DialogHost';
import { dialogQueue, dismissToast, toasts } from '@/ui/notices';
import { handleError, lazyErrorHandler, UNREACHABLE_TOAST_ID, type ErrorHandling } from './handleErrorLater';

afterEach(() => {
  for (const dialog of dialogQueue.get()) dialog.resolve(true);
  for (const toast of toasts.get()) dismissToast(toast.id);
});

const offline = new WpsError(0, NETWORK_ERROR, 'network error');
const timedOut = new WpsError(0, TIMEOUT_ERROR, 'timed out');
const refused = new WpsError(500, 'internal_error', 'Server busy', { serverMessage: 'Server busy' });

/** Lets the chunk's promise and what follows it settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function actions() {
  const real = { handleError: vi.fn<ErrorHandling['handleError']>() };
  return { real, load: vi.fn(() => Promise.resolve(real)) };
}

const unreachable = () => toasts.get().filter((toast) => toast.id === UNREACHABLE_TOAST_ID);

describe('the error catalogue loads with the first failure', () => {
  it('is not fetched before a failure (nor the page is idle)', () => {
    const { load } = actions();
    lazyErrorHandler(load, () => new Promise(() => undefined)).preload();
    expect(load).not.toHaveBeenCalled();
  });

  it('hands every failure to the catalogue, fetched once', async () => {
    const { real, load } = actions();
    const handler = lazyErrorHandler(load);
    handler.handleError(refused);
    handler.handleError(offline);
    await settle();
    handler.handleError(timedOut);
    await settle();
    expect(real.handleError.mock.calls.map(([error]) => error)).toEqual([refused, offline, timedOut]);
    expect(load).toHaveBeenCalledOnce();
  });

  it('is fetched when the page is idle, before any failure', async () => {
    const { real, load } = actions();
    const idle = deferred<undefined>();
    const handler = lazyErrorHandler(load, () => idle.promise);
    handler.preload();
    await settle();
    expect(load).not.toHaveBeenCalled();
    idle.resolve(undefined);
    await settle();
    expect(load).toHaveBeenCalledOnce();
    handler.handleError(refused);
    await settle();
    expect(real.handleError).toHaveBeenCalledWith(refused);
    expect(load).toHaveBeenCalledOnce();
  });

  it.each<[string, WpsError, number]>([
    ['a call that got no answer shows the offline text', offline, 1],
    ['a time-out shows nothing more', timedOut, 0],
    ["the server's refusal shows nothing more", refused, 0],
  ])('when the catalogue cannot be fetched either: %s', async (_name, error, shown) => {
    const handler = lazyErrorHandler(() => Promise.reject(new Error('Failed to fetch')));
    handler.handleError(error);
    await settle();
    expect(unreachable()).toHaveLength(shown);
    if (shown > 0) expect(unreachable()[0]?.message).toEqual({ key: 'network_offline' });
  });

  it('a failed fetch is tried again with the next failure', async () => {
    const { real } = actions();
    const load = vi
      .fn<() => Promise<ErrorHandling>>()
      .mockRejectedValueOnce(new Error('Failed to fetch'))
      .mockResolvedValue(real);
    const handler = lazyErrorHandler(load);
    handler.handleError(offline);
    await settle();
    handler.handleError(refused);
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(real.handleError).toHaveBeenCalledExactlyOnceWith(refused);
  });
});

describe("the app's handler: the first failure still shows the catalogue's translated alert", () => {
  it.each<[string, WpsError, string]>([
    ["the server's message", refused, 'Server busy'],
    [
      'unknown_error without one',
      new WpsError(400, 'odd', 'odd'),
      'Something went wrong. Please try again later.',
    ],
  ])('%s', async (_name, error, text) => {
    renderWithI18n(<DialogHost />);
    handleError(error);
    const alert = await screen.findByRole('alertdialog', { name: 'Notice' });
    expect(alert).toHaveAccessibleDescription(text);
  });
});
