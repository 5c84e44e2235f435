import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '@/i18n/I18nProvider';
import './modal.css';

export interface ModalProps {
  /** The heading: rendered as the dialog's `<h2>` and its accessible name. */
  title: ReactNode;
  /** The heading's class (`modal-title` unless given). */
  titleClassName?: string;
  /** The id of the text that describes the dialog (aria-describedby). */
  describedBy?: string;
  /**
   * Closes the dialog: called by Escape, the × and (with `closeOnOutside`) a tap on the backdrop.
   * Without it the dialog cannot be dismissed: no ×, Escape does nothing.
   */
  onClose?: () => void;
  /** False while closing is not allowed yet (a countdown running): as if there were no onClose. */
  canClose?: boolean;
  /** The × button (default true); false when the content has its own visible close control. */
  closeButton?: boolean;
  /** A tap on the backdrop closes it (default false). */
  closeOnOutside?: boolean;
  /** What gets focus on open: an element, the panel itself, or (default) the first focusable inside. */
  initialFocus?: RefObject<HTMLElement | null> | 'panel';
  /**
   * Focus moves in once the dialog has been painted, not in the task that adds it: for a dialog that
   * opens by itself while the page starts (the lobby's popup), where focusing makes the browser lay
   * the page out there and then (a long task on a slow phone). Meanwhile its layer is on top, so Tab
   * already lands inside. By default focus moves at once: a dialog opened by a tap gets it within the
   * tap (a phone opens its keyboard for a first field only then).
   */
  focusAfterPaint?: boolean;
  /** A centred dialog (default) or a sheet at the bottom of the screen. */
  variant?: 'center' | 'sheet';
  /** alertdialog for a message that needs the user's attention now. */
  role?: 'dialog' | 'alertdialog';
  /** The panel's class: its size and skin (`modal-panel` unless given). */
  className?: string;
  backdropClassName?: string;
  children?: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[inert]'));
}

interface Layer {
  onKeyDown: (event: KeyboardEvent) => void;
}

/** The open modals, the top one last: only it hears keys, and the page scrolls again when none is left. */
const layers: Layer[] = [];
let pageOverflow = '';
/** Waiting for the last modal to close (`whenNoModalOpen`). */
const waitingForNone = new Set<() => void>();

/**
 * Runs `callback` once no modal is open — at once when none is — so an offer that opens by itself
 * (the add-to-home-screen popup) never lands on top of another dialog. Answers a function that cancels.
 */
export function whenNoModalOpen(callback: () => void): () => void {
  if (layers.length === 0) {
    callback();
    return () => undefined;
  }
  waitingForNone.add(callback);
  return () => {
    waitingForNone.delete(callback);
  };
}

export function isModalOpen(): boolean {
  return layers.length > 0;
}

function onDocumentKeyDown(event: KeyboardEvent): void {
  layers[layers.length - 1]?.onKeyDown(event);
}

function pushLayer(layer: Layer): void {
  if (layers.length === 0) {
    document.addEventListener('keydown', onDocumentKeyDown);
    pageOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  layers.push(layer);
}

function popLayer(layer: Layer): void {
  const index = layers.indexOf(layer);
  if (index >= 0) layers.splice(index, 1);
  if (layers.length === 0) {
    document.removeEventListener('keydown', onDocumentKeyDown);
    document.body.style.overflow = pageOverflow;
    const waiting = [...waitingForNone];
    waitingForNone.clear();
    for (const callback of waiting) callback();
  }
}

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * The one modal of the app (docs/architecture.md, "Dialogs"): role dialog, aria-modal, labelled by
 * its title; focus moves in on open, Tab and Shift+Tab stay inside, Escape closes when closing is
 * allowed, focus goes back where it was on close; the page behind does not scroll. Rendered at the
 * end of the body, so the last opened is on top and is the only one that reacts to keys.
 */
export function Modal({
  title,
  titleClassName = 'modal-title',
  describedBy,
  onClose,
  canClose = true,
  closeButton = true,
  closeOnOutside = false,
  initialFocus,
  focusAfterPaint = false,
  variant = 'center',
  role = 'dialog',
  className = 'modal-panel',
  backdropClassName,
  children,
}: ModalProps) {
  const { t } = useT();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const pressedInside = useRef(false);
  const [returnFocusTo] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  const close = canClose ? onClose : undefined;
  const layer = useRef<Layer>({ onKeyDown: () => undefined });

  useEffect(() => {
    layer.current.onKeyDown = (event) => {
      const panel = panelRef.current;
      if (panel === null) return;
      if (event.key === 'Escape') {
        if (event.defaultPrevented) return;
        event.preventDefault();
        close?.();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(panel);
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (first === undefined || last === undefined) {
        event.preventDefault();
        panel.focus();
      } else if (!panel.contains(active)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && (active === first || active === panel)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
  });

  useEffect(() => {
    const current = layer.current;
    pushLayer(current);
    const focusIn = () => {
      const panel = panelRef.current;
      const target =
        initialFocus === 'panel'
          ? panel
          : (initialFocus?.current ?? (panel && focusables(panel)[0]) ?? panel);
      target?.focus();
    };
    let frame: number | undefined;
    let timer: number | undefined;
    if (focusAfterPaint)
      frame = requestAnimationFrame(() => {
        timer = window.setTimeout(() => {
          // Focus the person has moved into it meanwhile stays where it is.
          if (!panelRef.current?.contains(document.activeElement)) focusIn();
        }, 0);
      });
    else focusIn();
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      popLayer(current);
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, [initialFocus, returnFocusTo, focusAfterPaint]);

  return createPortal(
    <div
      className={cx('modal-backdrop', variant === 'sheet' && 'modal-backdrop-sheet', backdropClassName)}
      data-testid="modal-backdrop"
      onPointerDown={(event) => {
        pressedInside.current = event.target !== event.currentTarget;
      }}
      onClick={(event) => {
        // A press that began inside the panel (a drag released outside) is not a tap outside.
        if (event.target === event.currentTarget && !pressedInside.current && closeOnOutside) close?.();
        pressedInside.current = false;
      }}
    >
      <div
        ref={panelRef}
        className={cx('modal', variant === 'sheet' && 'modal-sheet', className)}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <h2 id={titleId} className={cx(titleClassName, close && closeButton && 'modal-title-beside-close')}>
          {title}
        </h2>
        {children}
        {close && closeButton && (
          <button type="button" className="modal-close" aria-label={t('close')} onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
    </div>,
    document.body,
  );
}
