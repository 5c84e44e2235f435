import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/renderWithI18n';
import { Modal, type ModalProps } from './Modal';

type Options = Omit<ModalProps, 'title' | 'children' | 'onClose'> & { closable?: boolean };

/** An opener button and, once it is pressed, a modal with two buttons; `onClose` closes it. */
function Harness({
  closable = true,
  onClosed = () => undefined,
  ...props
}: Options & { onClosed?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open && (
        <Modal
          title="Title"
          onClose={
            closable
              ? () => {
                  onClosed();
                  setOpen(false);
                }
              : undefined
          }
          {...props}
        >
          <p id="about">About</p>
          <button type="button">first</button>
          <button type="button">last</button>
        </Modal>
      )}
    </>
  );
}

async function openHarness(options: Options = {}) {
  const onClosed = vi.fn();
  const user = userEvent.setup();
  renderWithI18n(<Harness {...options} onClosed={onClosed} />);
  const opener = screen.getByRole('button', { name: 'open' });
  await user.click(opener);
  return { user, opener, onClosed, dialog: screen.getByRole('dialog', { name: 'Title' }) };
}

describe('Modal', () => {
  it('is a labelled, described modal dialog that takes the focus and locks the page scroll', async () => {
    const { dialog } = await openHarness({ describedBy: 'about' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('About');
    expect(screen.getByRole('button', { name: 'first' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it.each<[string, Options, boolean]>([
    ['closes', {}, true],
    ['does not close while closing is not allowed', { canClose: false }, false],
    ['does not close without onClose', { closable: false }, false],
  ])('Escape %s', async (_case, options, closes) => {
    const { user, onClosed } = await openHarness(options);
    await user.keyboard('{Escape}');
    expect(onClosed).toHaveBeenCalledTimes(closes ? 1 : 0);
    expect(screen.queryByRole('dialog') === null).toBe(closes);
  });

  it.each<[string, Options, boolean]>([
    ['is there by default', {}, true],
    ['is hidden while closing is not allowed', { canClose: false }, false],
    ['is hidden without onClose', { closable: false }, false],
    ['is hidden when the content has its own', { closeButton: false }, false],
  ])('the × %s', async (_case, options, shown) => {
    const { user, onClosed } = await openHarness(options);
    const close = screen.queryByRole('button', { name: 'Close' });
    expect(close !== null).toBe(shown);
    if (close) {
      await user.click(close);
      expect(onClosed).toHaveBeenCalledOnce();
      expect(screen.queryByRole('dialog')).toBeNull();
    }
  });

  it.each<[string, string, boolean, string]>([
    ['Tab on the last wraps to the first', 'Close', false, 'first'],
    ['Shift+Tab on the first wraps to the last', 'first', true, 'Close'],
    ['Tab in the middle moves on', 'first', false, 'last'],
  ])('%s', async (_case, from, shift, to) => {
    const { user } = await openHarness();
    screen.getByRole('button', { name: from }).focus();
    await user.keyboard(shift ? '{Shift>}{Tab}{/Shift}' : '{Tab}');
    expect(screen.getByRole('button', { name: to })).toHaveFocus();
  });

  it('Tab with focus outside the dialog brings it back in', async () => {
    const { user, opener } = await openHarness();
    opener.focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'first' })).toHaveFocus();
  });

  it.each<[string, Options, string]>([
    ['the first focusable', {}, 'first'],
    ['the panel itself', { initialFocus: 'panel' }, 'dialog'],
  ])('focus moves in to %s', async (_case, options, expected) => {
    const { dialog } = await openHarness(options);
    const target = expected === 'dialog' ? dialog : screen.getByRole('button', { name: expected });
    expect(target).toHaveFocus();
  });

  it('focus moves in to a named element', async () => {
    function Named() {
      const ref = useRef<HTMLButtonElement>(null);
      return (
        <Modal title="Named" initialFocus={ref}>
          <button type="button">other</button>
          <button ref={ref} type="button">
            named
          </button>
        </Modal>
      );
    }
    renderWithI18n(<Named />);
    expect(screen.getByRole('button', { name: 'named' })).toHaveFocus();
  });

  it.each(['Escape', 'the ×'])('focus returns to the opener after closing with %s', async (how) => {
    const { user, opener } = await openHarness();
    if (how === 'Escape') await user.keyboard('{Escape}');
    else await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it.each<[string, Options, boolean]>([
    ['closes when allowed', { closeOnOutside: true }, true],
    ['does nothing by default', {}, false],
    ['does nothing while closing is not allowed', { closeOnOutside: true, canClose: false }, false],
  ])('a tap outside %s', async (_case, options, closes) => {
    const { onClosed } = await openHarness(options);
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClosed).toHaveBeenCalledTimes(closes ? 1 : 0);
  });

  it('a tap inside, or a drag from inside released outside, does not close', async () => {
    const { dialog, onClosed } = await openHarness({ closeOnOutside: true });
    fireEvent.click(dialog);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'first' }));
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('stacked modals: only the top one reacts to Escape and Tab; focus goes back down', async () => {
    const outerClosed = vi.fn();
    function Stacked() {
      const [inner, setInner] = useState(false);
      return (
        <Modal title="Outer" onClose={outerClosed}>
          <button type="button" onClick={() => setInner(true)}>
            more
          </button>
          {inner && (
            <Modal title="Inner" onClose={() => setInner(false)}>
              <button type="button">inner action</button>
            </Modal>
          )}
        </Modal>
      );
    }
    const user = userEvent.setup();
    renderWithI18n(<Stacked />);
    const more = screen.getByRole('button', { name: 'more' });
    await user.click(more);
    const inner = screen.getByRole('dialog', { name: 'Inner' });
    expect(screen.getByRole('button', { name: 'inner action' })).toHaveFocus();
    // Tab cycles inside the inner dialog: its action, its ×, its action again.
    await user.tab();
    expect(inner).toContainElement(document.activeElement as HTMLElement);
    await user.tab();
    expect(screen.getByRole('button', { name: 'inner action' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull();
    expect(outerClosed).not.toHaveBeenCalled();
    expect(more).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(outerClosed).toHaveBeenCalledOnce();
  });

  it('releases the scroll lock when the last modal unmounts, restoring what was there', () => {
    document.body.style.overflow = 'scroll';
    const first = renderWithI18n(<Modal title="One" />);
    const second = renderWithI18n(<Modal title="Two" />);
    expect(document.body.style.overflow).toBe('hidden');
    first.unmount();
    expect(document.body.style.overflow).toBe('hidden');
    second.unmount();
    expect(document.body.style.overflow).toBe('scroll');
    document.body.style.overflow = '';
  });

  it('a dialog that cannot be dismissed keeps the focus on its panel', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Modal title="Stuck" role="alertdialog" />);
    const dialog = screen.getByRole('alertdialog', { name: 'Stuck' });
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(dialog).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
  });

  it('focus moves in at once by default: within the tap that opened it', async () => {
    renderWithI18n(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByRole('button', { name: 'first' })).toHaveFocus();
  });

  describe('focusAfterPaint (a dialog that opens by itself while the page starts)', () => {
    /** After the next frame has been painted. */
    const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

    it.each<[string, Options, string]>([
      ['the first focusable', {}, 'first'],
      ['the panel itself', { initialFocus: 'panel' }, 'dialog'],
    ])(
      'focus moves in to %s after the frame that shows it, not in the task that adds it',
      async (_case, options, expected) => {
        renderWithI18n(<Harness focusAfterPaint {...options} />);
        const opener = screen.getByRole('button', { name: 'open' });
        opener.focus();
        fireEvent.click(opener);
        const dialog = screen.getByRole('dialog', { name: 'Title' });
        expect(opener).toHaveFocus();
        await painted();
        expect(expected === 'dialog' ? dialog : screen.getByRole('button', { name: expected })).toHaveFocus();
      },
    );

    it.each<[string, (user: ReturnType<typeof userEvent.setup>) => Promise<void>, string]>([
      ['a Tab lands inside at once', (user) => user.tab(), 'first'],
      [
        'focus moved inside stays where it was moved',
        async () => screen.getByRole('button', { name: 'last' }).focus(),
        'last',
      ],
    ])('before that frame: %s', async (_case, act, expected) => {
      const user = userEvent.setup();
      renderWithI18n(<Harness focusAfterPaint />);
      fireEvent.click(screen.getByRole('button', { name: 'open' }));
      await act(user);
      expect(screen.getByRole('button', { name: expected })).toHaveFocus();
      await painted();
      expect(screen.getByRole('button', { name: expected })).toHaveFocus();
    });

    it('closed before that frame: focus stays with the opener, nothing moves it later', async () => {
      renderWithI18n(<Harness focusAfterPaint />);
      const opener = screen.getByRole('button', { name: 'open' });
      opener.focus();
      fireEvent.click(opener);
      fireEvent.keyDown(document, { key: 'Escape' });
      expect(screen.queryByRole('dialog')).toBeNull();
      await painted();
      expect(opener).toHaveFocus();
    });
  });

  it('the sheet variant is a bottom sheet of the same modal', async () => {
    const { dialog } = await openHarness({ variant: 'sheet' });
    expect(dialog).toHaveClass('modal', 'modal-sheet');
    expect(screen.getByTestId('modal-backdrop')).toHaveClass('modal-backdrop-sheet');
  });
});
