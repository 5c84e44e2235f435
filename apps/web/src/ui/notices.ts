import type { MessageKey } from '@/i18n';
import { createStore } from '@/state/createStore';

/**
 * Alerts, confirmations and toasts as data, so the API client and other non-React code can raise
 * them; `DialogHost` and `ToastHost` render what is queued here.
 */

/** A text shown to the user: a catalog key (translated when shown) or a server-provided message. */
export type NoticeText = { key: MessageKey; params?: Record<string, string> } | { text: string };

export interface DialogRequest {
  id: number;
  kind: 'alert' | 'confirm';
  title: NoticeText;
  message: NoticeText;
  confirmLabel: NoticeText;
  cancelLabel: NoticeText;
  /** More to say under the message: paragraphs, then web links (a break's help lines, issue 29). */
  details?: DialogDetails;
  /** A link under the message (opened in a new tab, so the dialog stays). */
  link?: { href: string; label: NoticeText };
  /** No ×, no Escape: only the buttons answer it (the terms to accept before anything else). */
  blocking?: boolean;
  resolve: (confirmed: boolean) => void;
}

export interface DialogDetails {
  paragraphs?: readonly NoticeText[];
  /** A heading over the links. */
  linksTitle?: NoticeText;
  links?: readonly { text: string; href: string }[];
}

export interface Toast {
  id: string;
  message: NoticeText;
}

export const dialogQueue = createStore<readonly DialogRequest[]>([]);
export const toasts = createStore<readonly Toast[]>([]);

let nextDialogId = 1;

export function openDialog(
  kind: DialogRequest['kind'],
  title: NoticeText,
  message: NoticeText,
  labels: { confirm?: NoticeText; cancel?: NoticeText } = {},
  extra: Pick<DialogRequest, 'link' | 'blocking'> = {},
): Promise<boolean> {
  return new Promise((resolve) => {
    const request: DialogRequest = {
      ...extra,
      id: nextDialogId++,
      kind,
      title,
      message,
      confirmLabel: labels.confirm ?? { key: 'confirm' },
      cancelLabel: labels.cancel ?? { key: 'cancel' },
      resolve: (confirmed) => {
        dialogQueue.set(dialogQueue.get().filter((item) => item.id !== request.id));
        resolve(confirmed);
      },
    };
    dialogQueue.set([...dialogQueue.get(), request]);
  });
}

/** An alert titled notice (spec section 8) unless another title is given; resolves when confirmed. */
export async function showAlert(message: NoticeText, title: NoticeText = { key: 'notice' }): Promise<void> {
  await openDialog('alert', title, message);
}

/** A confirmation titled Confirmation; resolves true when confirmed, false when cancelled. */
export function showConfirm(
  message: NoticeText,
  title: NoticeText = { key: 'confirmation' },
  labels?: { confirm?: NoticeText; cancel?: NoticeText },
): Promise<boolean> {
  return openDialog('confirm', title, message, labels);
}

const toastTimers = new Map<string, ReturnType<typeof setTimeout>>();

/** Shows a toast; a toast with the same id replaces the earlier one instead of stacking. */
export function showToast(id: string, message: NoticeText, durationMs = 3000): void {
  dismissToast(id);
  toasts.set([...toasts.get(), { id, message }]);
  if (durationMs > 0)
    toastTimers.set(
      id,
      setTimeout(() => dismissToast(id), durationMs),
    );
}

export function dismissToast(id: string): void {
  const timer = toastTimers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  toastTimers.delete(id);
  if (toasts.get().some((toast) => toast.id === id))
    toasts.set(toasts.get().filter((toast) => toast.id !== id));
}
