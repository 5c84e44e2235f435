import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { logIn, skipLobbyPopup } from './helpers.js';

// The support chat (issue 16): a member writes, an agent answers in the staff console (a second
// browser context), the member sees the answer and the read state; a logout logs the chat out.

const STAFF_PASSWORD = 'Staff-Demo-2026';
const STAFF_TOTP_SECRET = 'WPSSTAFFDEMOTOTP';

function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

function totp(secret: string, timeMs = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(timeMs / 30_000)));
  const digest = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0xf;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/**
 * Signs an agent in. Each authenticator code works once: when another spec on this server used this
 * window's code, the console refuses it, and the next window's code is used.
 */
async function staffSignIn(staff: Page, username: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await staff.getByLabel('User name').fill(username);
    await staff.getByLabel('Password').fill(STAFF_PASSWORD);
    await staff.getByLabel('Authenticator code').fill(totp(STAFF_TOTP_SECRET));
    await staff.getByRole('button', { name: 'Sign in' }).click();
    const outcome = await Promise.race([
      staff
        .getByRole('button', { name: 'Sign out' })
        .waitFor()
        .then(() => 'in' as const),
      staff
        .getByRole('alert')
        .filter({ hasText: 'Wrong' })
        .waitFor()
        .then(() => 'refused' as const),
    ]);
    if (outcome === 'in') return;
    await staff.waitForTimeout(30_000 - (Date.now() % 30_000) + 1_000);
  }
  throw new Error(`${username} could not sign in to the staff console`);
}

test('member writes, the agent replies in the console, the member sees it; logout clears the chat', async ({
  page,
  context,
  browser,
}) => {
  // Room to wait for the next authenticator code (staffSignIn).
  test.setTimeout(90_000);
  await skipLobbyPopup(context);
  await page.goto('/m/login');
  await logIn(page, 'demo');
  await expect(page).toHaveURL(/\/m\/home$/);
  await page.getByRole('link', { name: 'Me', exact: true }).click();
  await page.getByRole('link', { name: 'Customer service' }).click();
  // demo is Gold (VIP2): the VIP desk entry, with the way back to the member page.
  await expect(page.getByRole('heading', { name: 'VIP desk', level: 1 })).toBeVisible();
  await expect(page.getByTestId('chat-status')).toHaveText('Connected to customer service');
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello, where is my withdrawal?');
  await page.getByRole('button', { name: 'Send' }).click();
  // This message's state (demo may have talked to the desk in an earlier test of this server).
  const question = page.getByTestId('chat-message').filter({ hasText: 'Hello, where is my withdrawal?' });
  await expect(question.getByTestId('chat-state')).toHaveText(/Sent/);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto('/staff/chat');
  await staffSignIn(staff, 'aurora-agent');
  const entry = staff.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /demo/ });
  await expect(entry).toContainText('Gold');
  await entry.click();
  const conversation = staff.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByText('Hello, where is my withdrawal?')).toBeVisible();
  // Opening it reads it: the member sees Read.
  await expect(question.getByTestId('chat-state')).toHaveText(/Read/);

  await staff.getByLabel('Canned replies').selectOption({ label: 'Checking' });
  await staff.getByRole('button', { name: 'Send' }).click();
  // The member is looking at the chat (a reply counts as read only while the page is visible, and
  // the console's window may have left the member's page in the background).
  await page.bringToFront();
  await expect(page.getByText('Thank you for waiting, I am checking this for you now.')).toBeVisible();
  await expect(page.getByText('Alex (support)')).toBeVisible();
  await expect(conversation.getByText(/Alex \(support\) · .* · read/)).toBeVisible();
  await staffContext.close();

  // Logout: the chat is logged out, and the chat page shows nothing of the member's conversation.
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/m\/home$/);
  await page.goto('/m/supportChat');
  await expect(page.getByTestId('chat-status')).toHaveText('Connected to customer service');
  await expect(page.getByText('Hello, where is my withdrawal?')).toBeHidden();
  await expect(page.getByText('Write to us and our support team will answer here.')).toBeVisible();
});

// A 1×1 PNG the agent sends.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a message written while the chat cannot connect survives a reload and is delivered once; the agent answers with an image', async ({
  page,
  context,
  browser,
}) => {
  await skipLobbyPopup(context);
  // The chat's socket is refused until the test lets it through (the page itself still loads).
  let blocked = true;
  await page.routeWebSocket(/\/wps\/chat\/socket$/, (socket) => {
    if (blocked) socket.close({ code: 1011 });
    else socket.connectToServer();
  });
  const text = `Written offline ${Date.now()}`;
  await page.goto('/m/supportChat');
  await expect(page.getByTestId('chat-status')).not.toHaveText('Connected to customer service');
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  const mine = page.getByTestId('chat-message').filter({ hasText: text });
  await expect(mine.getByTestId('chat-state')).toHaveText(/Sending/);

  // The reload: the message is still there, waiting.
  await page.reload();
  await expect(mine).toHaveCount(1);
  await expect(mine.getByTestId('chat-state')).toHaveText(/Sending/);

  // Back online: it goes, once.
  blocked = false;
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByTestId('chat-status')).toHaveText('Connected to customer service');
  await expect(mine.getByTestId('chat-state')).toHaveText(/Sent|Delivered|Read/);
  await page.reload();
  await expect(page.getByTestId('chat-status')).toHaveText('Connected to customer service');
  await expect(mine).toHaveCount(1);

  // The agent sees it once and answers with an image; the member sees the image.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto('/staff/chat');
  await staff.getByLabel('User name').fill('aurora-lead');
  await staff.getByLabel('Password').fill(STAFF_PASSWORD);
  await staff.getByLabel('Authenticator code').fill(totp(STAFF_TOTP_SECRET));
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await staff
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(text) })
    .click();
  const conversation = staff.getByRole('region', { name: 'Conversation' });
  await expect(conversation.locator('.msg').filter({ hasText: text })).toHaveCount(1);
  await staff.getByLabel('Image').setInputFiles({ name: 'answer.png', mimeType: 'image/png', buffer: PNG });
  await expect(conversation.getByRole('img', { name: /Image sent by/ })).toBeVisible();
  await page.bringToFront();
  const image = page.locator('.chat-agent img.chat-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);
  await staffContext.close();
});
