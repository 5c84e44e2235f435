import { ErrorCode } from '@wps/contract/errorCodes';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@/platform/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WpsError } from '@/api/client';
import * as accounts from '@/api/endpoints/accounts';
import { renderWithI18n } from '@/test/renderWithI18n';
import { FeedbackScreen } from './FeedbackScreen';

vi.mock('@/api/endpoints/accounts', () => ({ sendFeedback: vi.fn() }));
const sendFeedback = vi.mocked(accounts.sendFeedback);

function renderScreen() {
  renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/feedback']}>
      <FeedbackScreen />
    </MemoryRouter>,
  );
}

const TEXT = 'The lottery page froze after my bet.';

afterEach(() => {
  vi.clearAllMocks();
});

describe('FeedbackScreen', () => {
  it('a submit without anything shows the messages under the fields and sends nothing', async () => {
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Your feedback')).toHaveAccessibleDescription(
      'This field is required. 10 to 2000 characters.',
    );
    await userEvent.type(screen.getByLabelText('Your feedback'), 'short');
    expect(screen.getByText('Please write at least 10 characters.')).toBeInTheDocument();
    expect(sendFeedback).not.toHaveBeenCalled();
  });

  it('refuses a screenshot of the wrong type or size before sending', async () => {
    renderScreen();
    const input = screen.getByLabelText('Screenshot (optional)');
    await userEvent.upload(input, new File(['GIF89a'], 'a.gif', { type: 'image/gif' }), {
      applyAccept: false,
    });
    expect(screen.getByText('Choose a PNG, JPEG or WebP image.')).toBeInTheDocument();
    await userEvent.upload(
      input,
      new File([new Uint8Array(512 * 1024 + 1)], 'big.png', { type: 'image/png' }),
    );
    expect(screen.getByText('The image is larger than 512 KB.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove screenshot' }));
    expect(screen.queryByText('The image is larger than 512 KB.')).not.toBeInTheDocument();
  });

  it('sends category, trimmed text and screenshot, then acknowledges with the number', async () => {
    sendFeedback.mockResolvedValue({ id: '42', createdAt: '2026-01-01T00:00:00.000Z' });
    renderScreen();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'problem');
    await userEvent.type(screen.getByLabelText('Your feedback'), `  ${TEXT}  `);
    await userEvent.upload(
      screen.getByLabelText('Screenshot (optional)'),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'shot.png', { type: 'image/png' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Your feedback (no. 42) has been received.')).toBeInTheDocument();
    expect(sendFeedback).toHaveBeenCalledWith({
      category: 'problem',
      message: TEXT,
      screenshot: { type: 'image/png', data: 'iVBORw==' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send more feedback' }));
    expect(screen.getByLabelText('Category')).toHaveValue('');
  });

  it.each([
    [
      'the server refuses the screenshot',
      new WpsError(400, ErrorCode.INVALID_REQUEST, 'Invalid request. screenshot: not an image of its type', {
        serverMessage: 'Invalid request. screenshot: not an image of its type',
      }),
      'Choose a PNG, JPEG or WebP image.',
    ],
    [
      'the server finds the screenshot over its limit',
      new WpsError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'The screenshot is too large.', {
        serverMessage: 'The screenshot is too large.',
      }),
      'The image is larger than 512 KB.',
    ],
    [
      'too much feedback in an hour',
      new WpsError(429, ErrorCode.TOO_MANY_REQUEST, 'Too much feedback', {
        serverMessage: 'Too much feedback',
      }),
      'You have sent a lot of feedback in the last hour. Please try again later.',
    ],
  ])('%s: a translated message, not the server text', async (_name, error, shown) => {
    sendFeedback.mockRejectedValue(error);
    renderScreen();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'other');
    await userEvent.type(screen.getByLabelText('Your feedback'), TEXT);
    await userEvent.upload(
      screen.getByLabelText('Screenshot (optional)'),
      new File([new Uint8Array([1, 2, 3])], 'shot.png', { type: 'image/png' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(screen.getByText(shown)).toBeInTheDocument());
    expect(screen.queryByText(/Invalid request|Too much feedback|too large/)).not.toBeInTheDocument();
  });
});
