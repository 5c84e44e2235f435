import { fireEvent, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { MemoryRouter } from '@/platform/router';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '@/test/renderWithI18n';
import { preloadScreenFor, screens, type PreloadableScreen } from './routeTable';

function renderInSuspense(Screen: PreloadableScreen) {
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/somewhere']}>
      <Suspense fallback={<p>waiting for the chunk</p>}>
        <Screen />
      </Suspense>
    </MemoryRouter>,
  );
}

describe('preloading the first screen', () => {
  it('a screen not loaded yet suspends on its first render', async () => {
    renderInSuspense(screens.Feedback);
    expect(screen.getByText('waiting for the chunk')).toBeInTheDocument();
  });

  it.each([
    ['/m/unknown-page', screens.NotFound],
    ['/m/login', screens.Login],
    ['/m/login/', screens.Login],
    ['/m/', screens.Home],
    ['/m', screens.Home],
  ])('after preloadScreenFor(%s) its screen renders at once, without a fallback', async (path, Screen) => {
    await preloadScreenFor(path);
    renderInSuspense(Screen);
    expect(screen.queryByText('waiting for the chunk')).not.toBeInTheDocument();
  });
});

describe('a screen mounted before its chunk arrived', () => {
  it('keeps its state when it renders again after loading', async () => {
    function Host() {
      const [renders, setRenders] = useState(0);
      return (
        <MemoryRouter basename="/m" initialEntries={['/m/somewhere']}>
          <button type="button" onClick={() => setRenders(renders + 1)}>
            render again {renders}
          </button>
          <Suspense fallback={<p>waiting for the chunk</p>}>
            <screens.AgentRegister />
          </Suspense>
        </MemoryRouter>
      );
    }
    renderWithI18n(<Host />);
    expect(screen.getByText('waiting for the chunk')).toBeInTheDocument();
    const shown = await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: /render again/ }));
    expect(screen.getByRole('button', { name: 'render again 1' })).toBeInTheDocument();
    // The same element, not a remounted screen.
    expect(screen.getByRole('heading', { level: 1 })).toBe(shown);
  });
});
