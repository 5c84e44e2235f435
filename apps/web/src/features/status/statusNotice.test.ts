import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR, TIMEOUT_ERROR, WpsError } from '@/api/client';
import { statusErrorNotice } from './statusNotice';

describe('statusErrorNotice (spec section 8, status errors)', () => {
  it.each([
    [
      'server error code on https',
      new WpsError(500, 'internal_error', 'Server busy'),
      'https:',
      { title: { key: 'confirmation' }, message: { text: 'Server busy' } },
    ],
    [
      'server error code without message',
      new WpsError(503, 'system_busy', ''),
      'http:',
      { title: { key: 'confirmation' }, message: { key: 'internet_lost' } },
    ],
    [
      'network failure on a non-http page (native shell file page)',
      new WpsError(0, NETWORK_ERROR, 'network error'),
      'file:',
      { title: { key: 'confirmation' }, message: { key: 'internet_lost' } },
    ],
    [
      'network failure on https',
      new WpsError(0, NETWORK_ERROR, 'network error'),
      'https:',
      { title: { key: 'notice' }, message: { key: 'network_error' } },
    ],
    [
      'time-out on http',
      new WpsError(0, TIMEOUT_ERROR, 'timeout'),
      'http:',
      { title: { key: 'notice' }, message: { key: 'network_error' } },
    ],
    [
      'a non-WPS exception on https',
      new TypeError('boom'),
      'https:',
      { title: { key: 'notice' }, message: { key: 'network_error' } },
    ],
  ])('%s', (_name, error, protocol, expected) => {
    expect(statusErrorNotice(error, protocol)).toEqual(expected);
  });
});
