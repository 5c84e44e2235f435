import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import './lobbyModal.css';

/**
 * A modal dialog for the lobby's own content (popup announcement, announcement list): role=dialog,
 * aria-modal, labelled by its title, focus moved in on open, kept inside while open and given back on
 * close. `onEscape` and `onBackdrop` are called only when given (the caller decides whether closing
 * is allowed at that moment).
 */
export interface LobbyModalProps {
  labelledBy: string;
  describedBy?: string;
  onEscape?: () => void;
  onBackdrop?: () => void;
  className?: string;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.closest('[inert]') === null,
  );
}

export function LobbyModal({
  labelledBy,
  describedBy,
  onEscape,
  onBackdrop,
  className,
  children,
}: LobbyModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus();
    return () => previouslyFocused?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onEscape?.();
      return;
    }
    if (event.key !== 'Tab' || panelRef.current === null) return;
    const items = focusables(panelRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (first === undefined || last === undefined) {
      event.preventDefault();
      panelRef.current.focus();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onBackdrop?.();
  };

  return (
    <div className="lobby-modal-backdrop" onClick={onBackdropClick} data-testid="lobby-modal-backdrop">
      <div
        ref={panelRef}
        className={className ? `lobby-modal ${className}` : 'lobby-modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  );
}
