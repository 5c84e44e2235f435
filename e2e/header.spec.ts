import { expect, test } from '@playwright/test';
import { skipLobbyPopup } from './helpers.js';

// The header shows the merchant's name whole on a phone, in every language and direction: the tools
// beside it (Log in, Register, customer service, language) move to a second row rather than cut it.

const MERCHANTS = [
  ['localhost', 'Aurora Play'],
  ['lotus.localhost', 'Lotus Lotto'],
] as const;
const LANGUAGES = ['EN', 'AR', 'RU', 'VI', 'TH'] as const;
const WIDTHS = [360, 412] as const;

for (const [host, name] of MERCHANTS)
  for (const language of LANGUAGES)
    for (const width of WIDTHS)
      test(`${name}, ${language}, ${width} px: the name is whole and nothing overlaps it`, async ({
        browser,
        baseURL,
      }) => {
        const context = await browser.newContext({
          ...test.info().project.use,
          viewport: { width, height: 800 },
          baseURL: (baseURL ?? '').replace('localhost', host),
        });
        await skipLobbyPopup(context);
        await context.addInitScript((code) => window.localStorage.setItem('wps.language', code), language);
        const page = await context.newPage();
        await page.goto('/m/home');
        const brand = page.locator('header .shell-brand');
        await expect(brand).toHaveText(name);
        await expect(page.locator('header .header-language')).toBeVisible();
        const fit = await page.evaluate(() => {
          const element = document.querySelector<HTMLElement>('header .shell-brand');
          if (element === null) throw new Error('no brand');
          const range = document.createRange();
          range.selectNodeContents(element);
          const text = range.getBoundingClientRect();
          const box = element.getBoundingClientRect();
          const tools = document.querySelector('header .header-tools')?.getBoundingClientRect();
          const overlaps =
            tools !== undefined &&
            tools.left < text.right &&
            text.left < tools.right &&
            tools.top < text.bottom &&
            text.top < tools.bottom;
          const rtl = document.documentElement.dir === 'rtl';
          return {
            // At the header's start: the right in Arabic, the left otherwise.
            atStart: rtl ? box.right >= window.innerWidth - 16 : box.left <= 16,
            clipped: element.scrollWidth > element.clientWidth + 1 || text.width > box.width + 1,
            outside: text.left < 0 || text.right > window.innerWidth,
            overlaps,
            sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          };
        });
        expect(fit).toEqual({ atStart: true, clipped: false, outside: false, overlaps: false, sideways: 0 });
        await context.close();
      });
