import { expect, test } from '@playwright/test';
import { appStarted, skipLobbyPopup } from './helpers.js';

test.beforeEach(async ({ context }) => {
  await skipLobbyPopup(context);
});

test('a link tapped while offline shows a retry state, and the screen once the network returns', async ({
  page,
  context,
}) => {
  await page.goto('/m/home');
  await appStarted(page);

  await context.setOffline(true);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Log in' })
    .click();
  // Not a blank page: the layout stays, with a translated message and Retry.
  const failed = page.getByRole('alert').filter({ hasText: 'This page could not be loaded.' });
  await expect(failed).toBeVisible();
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.locator('.bottom-nav')).toBeVisible();

  // Back online: the screen loads by itself, no tap needed.
  await context.setOffline(false);
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  await expect(failed).toBeHidden();
});

test('Retry while still offline keeps the retry state', async ({ page, context }) => {
  await page.goto('/m/home');
  await appStarted(page);
  await context.setOffline(true);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Games' })
    .click();
  const failed = page.getByRole('alert').filter({ hasText: 'This page could not be loaded.' });
  await expect(failed).toBeVisible();
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(failed).toBeVisible();
  await context.setOffline(false);
  await expect(failed).toBeHidden();
});
