import { toasts } from './notices';
import { useNoticeText } from './NoticeText';
import './toast.css';

/** Toasts are announced politely to screen readers and never take focus. */
export function ToastHost() {
  const items = toasts.use();
  const text = useNoticeText();
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {items.map((toast) => (
        <div key={toast.id} className="toast">
          {text(toast.message)}
        </div>
      ))}
    </div>
  );
}
