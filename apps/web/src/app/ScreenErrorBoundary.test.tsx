import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { onScreenRetry } from './screenRetry';
import { renderWithI18n } from '@/test/renderWithI18n';

/** A lazy screen whose chunk fails until `online` is set, re-made on retry as the route table does. */
function flakyScreen() {
  const state = { online: false, loads: 0 };
  const makeLazy = () =>
    lazy(async (): Promise<{ default: ComponentType }> => {
      state.loads += 1;
      if (!state.online) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: () => <p>the screen</p> };
    });
  let Lazy = makeLazy();
  onScreenRetry(() => {
    Lazy = makeLazy();
  });
  const Screen = () => <Lazy />;
  return { state, Screen };
}

describe('a screen whose chunk fails to load', () => {
  it.each([
    ['the Retry button', async () => userEvent.click(screen.getByRole('button', { name: 'Retry' }))],
    ['the browser coming back online', async () => act(() => void window.dispatchEvent(new Event('online')))],
  ])('shows a translated retry state, then the screen after %s', async (_label, recover) => {
    const { state, Screen } = flakyScreen();
    await renderWithI18n(
      <ScreenErrorBoundary>
        <Suspense fallback={<p>loading</p>}>
          <Screen />
        </Suspense>
      </ScreenErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
    state.online = true;
    await recover();
    // The chunk's second load, then React's reveal: up to a few seconds on a busy CI machine (the
    // default 1 s wait failed once under the full suite's load).
    expect(await screen.findByText('the screen', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(state.loads).toBeGreaterThanOrEqual(2);
  });

  it('shows its children when nothing fails', () => {
    render(
      <ScreenErrorBoundary>
        <p>fine</p>
      </ScreenErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeInTheDocument();
  });
});
