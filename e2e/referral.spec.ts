import { expect, test } from '@playwright/test';
import { logIn, skipLobbyPopup, solveSlider, attestAdult } from './helpers.js';

/**
 * Referral and agents on a phone (issue 15): the demo member `demo` of aurora shares the invite link,
 * a visitor registers through it and appears (masked) in demo's friends list; the demo agent `agent`
 * (member type 1) opening invite friends lands on its downline page; a player is refused that page.
 * Demo data: apps/server/src/seed/members.ts (demo's code AURDEMO1, agent's AURAGENT, its sub-account
 * downline1).
 */

function uniqueUsername(): string {
  return `rf${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.slice(0, 16);
}

const masked = (name: string) => `${name.slice(0, 2)}****${name.slice(-2)}`;

test.describe('referral and agents', () => {
  test.beforeEach(async ({ context }) => {
    await skipLobbyPopup(context);
  });

  test('invite link → a new member registers with it → the inviter sees them', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await page.goto('/m/login?go=%2Fm%2FinviteFriends');
    await logIn(page, 'demo');
    await expect(page).toHaveURL(/\/m\/inviteFriends$/);
    await expect(page.getByTestId('referral-code')).toHaveText('AURDEMO1');
    const link = await page.getByTestId('referral-link').inputValue();
    expect(link).toMatch(/\/m\/register\?r=AURDEMO1$/);
    await expect(page.getByRole('img', { name: 'QR code of your invite link' })).toBeVisible();
    await expect(page.getByTestId('referral-friends')).toContainText('fr****d1');
    await expect(page.getByTestId('referral-app-bonus')).toContainText('20');

    // A friend opens the link in their own browser and registers.
    const friendContext = await browser.newContext({ serviceWorkers: 'block' });
    await skipLobbyPopup(friendContext);
    const friend = await friendContext.newPage();
    await friend.goto(new URL(link).pathname + new URL(link).search);
    const username = uniqueUsername();
    await friend.getByLabel('Username', { exact: true }).fill(username);
    await friend.getByLabel('Password', { exact: true }).fill('Friend-Pass-1');
    await friend.getByLabel('Confirm password').fill('Friend-Pass-1');
    await attestAdult(friend);
    await solveSlider(friend);
    await friend.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(friend).toHaveURL(/\/m\/home/);
    await friendContext.close();

    await page.reload();
    await expect(page.getByTestId('referral-friends')).toContainText(masked(username));
    await expect(page.getByTestId('referral-friends')).not.toContainText(username);
  });

  test('an agent is sent to its downline page; a player is refused it', async ({ page, browser }) => {
    test.setTimeout(60_000);
    await page.goto('/m/login?go=%2Fm%2FinviteFriends');
    await logIn(page, 'agent');
    await expect(page).toHaveURL(/\/m\/agentRegister$/);
    await expect(page.getByTestId('agent-code')).toHaveText('AURAGENT');
    await expect(page.getByTestId('agent-link')).toHaveValue(/\/m\/register\?r=AURAGENT$/);
    await expect(page.getByRole('img', { name: 'QR code of your downline registration link' })).toBeVisible();
    await expect(page.getByTestId('agent-subs')).toContainText('downline1');

    const playerContext = await browser.newContext({ serviceWorkers: 'block' });
    await skipLobbyPopup(playerContext);
    const player = await playerContext.newPage();
    await player.goto('/m/login?go=%2Fm%2FagentRegister');
    await logIn(player, 'demo');
    await expect(player).toHaveURL(/\/m\/member\/home$/);
    await expect(player.getByText('This page is for agents only.')).toBeVisible();
    // And the server refuses the agent calls to a player.
    const refused = await player.evaluate(async () => {
      const session = JSON.parse(window.sessionStorage.getItem('wps.sessionInfo') ?? '{}') as {
        token?: string;
      };
      const response = await fetch('/wps/member/agent', {
        headers: { Authorization: session.token ?? '', Merchant: 'aurora' },
      });
      return { status: response.status, body: (await response.json()) as { errorCode?: string } };
    });
    expect(refused).toEqual({ status: 403, body: expect.objectContaining({ errorCode: 'agent_only' }) });
    await playerContext.close();
  });
});
