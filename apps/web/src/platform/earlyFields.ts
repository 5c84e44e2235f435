import { pageTaps } from './earlyTaps';

/**
 * Fields filled before their form hydrated — typed while the app's code was still on the way, or
 * filled by the browser's autofill — hold their text in the page but not in the app's state: React's
 * `onChange` never ran, so the form would submit them empty and clear them at its next render. Once
 * the form has hydrated, each such field is filled again the way a person fills it, so its handler
 * runs: its value goes through React's own tracking as the server's, then the browser's setter puts
 * the person's value back and an `input` event reports the change (a checkbox is clicked back, a
 * select reports `change`).
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const NOT_TYPED = new Set(['file', 'hidden', 'submit', 'button', 'reset', 'image']);

/** What the person changed in `field`, read before any refill (one refill renders the whole form). */
function change(field: Field): (() => void) | null {
  if (field instanceof HTMLSelectElement) {
    if (![...field.options].some((option) => option.selected !== option.defaultSelected)) return null;
    return () => field.dispatchEvent(new Event('change', { bubbles: true }));
  }
  // A radio group has no field of its own to refill (none is on a first screen): left alone.
  if (field instanceof HTMLInputElement && field.type === 'radio') return null;
  if (field instanceof HTMLInputElement && field.type === 'checkbox') {
    if (field.checked === field.defaultChecked) return null;
    return () => {
      field.checked = field.defaultChecked;
      field.click();
    };
  }
  if (NOT_TYPED.has(field.type) || field.value === field.defaultValue) return null;
  const value = field.value;
  return () => {
    field.value = field.defaultValue;
    const prototype = Object.getPrototypeOf(field) as object;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
}

let hydrated = false;

/**
 * The first screen has hydrated (ui/FirstScreenHydrated.tsx): its early fields are refilled, then,
 * once that has rendered, the early taps replayed. Once a page.
 */
export function firstScreenHydrated(win: Window): void {
  if (hydrated) return;
  hydrated = true;
  const main = win.document.getElementById('main');
  if (main) refillEarlyFields(main);
  // A task later: the refilled values have rendered, so a replayed submit sends them.
  win.setTimeout(() => pageTaps(win).replay(), 0);
}

export function refillEarlyFields(root: ParentNode): void {
  const changes = [...root.querySelectorAll<Field>('input, textarea, select')]
    .filter((field) => !field.disabled)
    .map(change);
  for (const refill of changes) refill?.();
}
