import { expect, test, type Page } from '@playwright/test';
import { skipLobbyPopup } from './helpers.js';

// What a person reads on each merchant's colours: the text of the accent and primary buttons, the
// skip link, and accent-coloured text (the active tab, links) against what is really behind it, as
// the browser computes them from the merchant's theme. WCAG AA asks 4.5:1 for text of this size.

const WCAG_AA = 4.5;

/** The contrast of `selector`'s text with the first opaque background at or behind it. */
async function contrastOf(page: Page, selector: string): Promise<{ ratio: number; colors: string }> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const rgb = (value: string): [number, number, number, number] => {
        const [r = 0, g = 0, b = 0, a = 1] = (value.match(/[\d.]+/g) ?? []).map(Number);
        return [r, g, b, value.startsWith('rgba') ? a : 1];
      };
      const luminance = ([r, g, b]: number[]) => {
        const [lr = 0, lg = 0, lb = 0] = [r, g, b].map((channel = 0) => {
          const c = channel / 255;
          return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
      };
      let behind: Element | null = element;
      let background = 'rgb(0, 0, 0)';
      while (behind !== null) {
        const color = getComputedStyle(behind).backgroundColor;
        if (rgb(color)[3] === 1) {
          background = color;
          break;
        }
        behind = behind.parentElement;
      }
      const text = getComputedStyle(element).color;
      const [a, b] = [luminance(rgb(text)), luminance(rgb(background))];
      return { ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), colors: `${text} on ${background}` };
    });
}

const CASES = [
  ['Aurora', 'localhost', '/m/login'],
  ['Lotus', 'lotus.localhost', '/m/login'],
] as const;

const ELEMENTS = [
  ['the accent button (Register)', 'header .button-accent'],
  ['the primary button (Log in)', 'main .button-primary'],
  ['the active tab, accent text', '.bottom-nav-item[aria-current="page"]'],
  ['a link, accent text', 'main a[href="/m/register"]'],
  ['the skip link, on the accent', '.skip-link'],
] as const;

for (const [merchant, host, path] of CASES)
  test(`${merchant}: text on and in the accent reads at ${WCAG_AA}:1`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      ...test.info().project.use,
      baseURL: (baseURL ?? '').replace('localhost', host),
    });
    await skipLobbyPopup(context);
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.locator('header .button-accent')).toBeVisible();
    // The skip link shows (and is read) when focused: the first Tab of the page.
    await page.keyboard.press('Tab');
    await expect(page.locator('.skip-link')).toBeFocused();
    for (const [name, selector] of ELEMENTS) {
      const { ratio, colors } = await contrastOf(page, selector);
      expect(ratio, `${merchant}, ${name}: ${colors}`).toBeGreaterThanOrEqual(WCAG_AA);
    }
    await context.close();
  });

test(`Orbit (in maintenance): the primary button reads at ${WCAG_AA}:1`, async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    ...test.info().project.use,
    baseURL: (baseURL ?? '').replace('localhost', 'orbit.localhost'),
  });
  const page = await context.newPage();
  await page.goto('/m/home');
  const button = page.locator('.button-primary').first();
  await expect(button).toBeVisible();
  const { ratio, colors } = await contrastOf(page, '.button-primary');
  expect(ratio, `Orbit, the primary button: ${colors}`).toBeGreaterThanOrEqual(WCAG_AA);
  await context.close();
});

// Label in name (WCAG 2.5.3): a control whose aria-label replaces its visible text must still contain
// that text, or a person using speech input cannot name what they see ("click EN").
for (const [merchant, host, path] of [...CASES, ['Aurora', 'localhost', '/m/home'] as const])
  test(`${merchant} ${path}: every labelled control's name contains its visible text`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      ...test.info().project.use,
      baseURL: (baseURL ?? '').replace('localhost', host),
    });
    await skipLobbyPopup(context);
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.locator('header .header-language')).toBeVisible();
    const mismatches = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('button[aria-label], a[aria-label]'))
        .filter((element) => element.checkVisibility())
        .map((element) => ({
          label: element.getAttribute('aria-label') ?? '',
          text: element.innerText.trim(),
        }))
        .filter(({ label, text }) => text !== '' && !label.toLowerCase().includes(text.toLowerCase())),
    );
    expect(mismatches).toEqual([]);
    await context.close();
  });
