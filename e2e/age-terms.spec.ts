import { expect, test } from '@playwright/test';
import { screenSettled, skipLobbyPopup, statusWithoutMaintenance } from './helpers.js';

/**
 * The registration form asks the age as each merchant's jurisdiction profile says (issue 29):
 * aurora (PAGCOR-like, 21) the date of birth, lotus (MGA-like, 18) a confirmation, orbit
 * (Curaçao-like, 18) a confirmation — here in Arabic — and each the acceptance of its terms. Saved
 * in `reports/age-terms/` to look at.
 */

const SHOTS = 'reports/age-terms';
const port = Number(process.env.E2E_PORT ?? 18080);

test.use({ viewport: { width: 390, height: 844 } });

const CASES = [
  {
    name: 'aurora-dob',
    host: 'localhost',
    language: 'EN',
    field: 'Date of birth',
    line: '21 or older',
    terms: 'I accept the terms and conditions.',
  },
  {
    name: 'lotus-confirm',
    host: 'lotus.localhost',
    language: 'EN',
    field: 'I am 18 years of age or older.',
    line: '18 or older',
    terms: 'I accept the terms and conditions.',
  },
  {
    name: 'orbit-ar',
    host: 'orbit.localhost',
    language: 'AR',
    field: 'عمري 18 عامًا أو أكثر.',
    line: 'عمرك 18 عامًا أو أكثر',
    terms: 'أوافق على الشروط والأحكام.',
  },
] as const;

test.describe('age at registration per profile', () => {
  for (const each of CASES) {
    test(`${each.name}: the register screen asks the age as the profile says`, async ({ page, context }) => {
      await skipLobbyPopup(context);
      // Orbit is seeded inside a maintenance window: its status is answered "open" (as legal.spec does).
      if (each.host === 'orbit.localhost') {
        await statusWithoutMaintenance(page);
      }
      await context.addInitScript(
        (language) => window.localStorage.setItem('wps.language', language),
        each.language,
      );
      await page.goto(`http://${each.host}:${port}/m/register`);
      await expect(page.getByLabel(each.field)).toBeVisible();
      // Every demo merchant publishes terms (version 1): the form asks them accepted, unticked.
      await expect(page.getByLabel(each.terms)).not.toBeChecked();
      await screenSettled(page);
      const social = page.getByText(each.line);
      if ((await social.count()) > 0) await expect(social.first()).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/${each.name}.png`, fullPage: true });
    });
  }
});
