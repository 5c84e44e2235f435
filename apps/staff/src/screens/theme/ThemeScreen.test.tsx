import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { merchantFixture } from '@/screens/merchants/fixtures';
import { fakeServer, ok, refusal, renderWithQueries, type FakeAnswer } from '@/test/fakeServer';
import { ThemeScreen } from './ThemeScreen';

afterEach(() => vi.unstubAllGlobals());

function server(saveAnswer: (body: unknown) => FakeAnswer = () => ok(merchantFixture())) {
  return fakeServer((method, path, body) => {
    if (method === 'GET' && path === '/wps/staff/merchants')
      return ok([{ code: 'aurora', name: 'Aurora Play' }]);
    if (method === 'GET' && path === '/wps/staff/merchants/aurora') return ok(merchantFixture());
    if (method === 'POST' && path === '/wps/staff/merchants/aurora/theme') return saveAnswer(body);
    return undefined;
  });
}

async function replace(label: string, value: string) {
  const user = userEvent.setup();
  const field = await screen.findByLabelText(label);
  await user.clear(field);
  if (value !== '') await user.type(field, value);
  return user;
}

const phone = () => screen.getByTestId('phone-screen');

describe('Theme', () => {
  it('paints the phone preview with the colours and texts as they are typed', async () => {
    server();
    renderWithQueries(<ThemeScreen />);
    expect(await screen.findByRole('figure', { name: 'Phone preview' })).toBeInTheDocument();
    expect(phone().style.getPropertyValue('--color-primary')).toBe('#1d3a8a');
    await replace('Primary', '#004d40');
    expect(phone().style.getPropertyValue('--color-primary')).toBe('#004d40');
    await replace('Login prompt', 'Install, then sign in');
    expect(within(phone()).getByText('Install, then sign in')).toBeInTheDocument();
    await replace('Logo (https address or site path)', 'https://cdn.example.test/logo.png');
    expect(within(phone()).getByRole('img', { name: 'Aurora Play' })).toHaveAttribute(
      'src',
      'https://cdn.example.test/logo.png',
    );
  });

  it.each([
    [
      'white on the yellow accent',
      'Text on accent',
      '#ffffff',
      'Text on accent on Accent: 1.82:1 — too low (needs 4.5:1)',
    ],
    [
      'text the colour of its cards',
      'Text',
      '#17254d',
      'Text on Surface (cards): 1.00:1 — too low (needs 4.5:1)',
    ],
    [
      'muted text lost in the background',
      'Muted text',
      '#2a3556',
      'Muted text on Background: 1.41:1 — too low (needs 4.5:1)',
    ],
    [
      'dark text on the dark primary',
      'Text on primary',
      '#000000',
      'Text on primary on Primary: 2.02:1 — too low (needs 4.5:1)',
    ],
  ])('refuses before saving: %s', async (_case, label, value, line) => {
    const calls = server();
    renderWithQueries(<ThemeScreen />);
    await replace(label, value);
    expect(screen.getByText(line)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Some text would be hard to read.');
    expect(screen.getByRole('button', { name: 'Save theme' })).toBeDisabled();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it.each(['red', '#12', 'url(x)', ''])('refuses the colour “%s” before saving', async (value) => {
    const calls = server();
    renderWithQueries(<ThemeScreen />);
    await replace('Accent', value);
    expect(screen.getByText('Use a hex colour such as #1d3a8a.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save theme' })).toBeDisabled();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('saves a readable theme and says the site follows', async () => {
    const calls = server();
    renderWithQueries(<ThemeScreen />);
    const user = await replace('Accent', '#ffc107');
    await user.click(screen.getByRole('button', { name: 'Save theme' }));
    expect(
      await screen.findByText('Theme saved. The site, its manifest and icons follow within seconds.'),
    ).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.url).toBe('/wps/staff/merchants/aurora/theme');
    const template = merchantFixture().template;
    expect(sent?.body).toEqual({
      template: { ...template, colors: { ...template.colors, accent: '#ffc107' } },
    });
  });

  it.each([
    [
      'the server’s own contrast check',
      refusal(400, 'theme_contrast_low'),
      'Some text would be hard to read (below 4.5:1).',
    ],
    [
      'an https rule, in its words',
      refusal(400, 'invalid_request', 'Invalid request. template.favicon: an https address'),
      'template.favicon: an https address',
    ],
  ])('tells a refusal by %s', async (_case, answer, text) => {
    server(() => answer);
    renderWithQueries(<ThemeScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save theme' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
