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

function refill(field: Field): void {
  if (field instanceof HTMLSelectElement) {
    if ([...field.options].some((option) => option.selected !== option.defaultSelected))
      field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked === field.defaultChecked) return;
    field.checked = field.defaultChecked;
    field.click();
    return;
  }
  if (NOT_TYPED.has(field.type) || field.value === field.defaultValue) return;
  const value = field.value;
  field.value = field.defaultValue;
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

let hydrated = false;

/**
 * The first screen has hydrated (AppLayout; the idle gate, where a screen has no layout): its early
 * fields are refilled, then the early taps replayed. Once a page.
 */
export function firstScreenHydrated(win: Window): void {
  if (hydrated) return;
  hydrated = true;
  const main = win.document.getElementById('main');
  if (main) refillEarlyFields(main);
  const taps = pageTaps(win);
  taps.appStarted();
  taps.replay();
}

export function refillEarlyFields(root: ParentNode): void {
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (!field.disabled) refill(field);
  }
}
