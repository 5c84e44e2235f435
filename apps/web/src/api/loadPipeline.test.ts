import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureClient, withClient, WpsError } from './client';
import { NETWORK_ERROR } from './errors';
import { createPipelineLoader, type Pipeline } from './loadPipeline';
import * as pipeline from './pipeline';

const offline = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
const here = () => Promise.resolve(pipeline);

afterEach(() => configureClient({}));

describe('the request pipeline is its own chunk, fetched with the first call', () => {
  it('is not fetched before it is asked for, and once for calls made together', async () => {
    const fetchPipeline = vi.fn(here);
    const loader = createPipelineLoader(fetchPipeline);
    expect(fetchPipeline).not.toHaveBeenCalled();
    expect(loader.loaded()).toBeNull();
    const [first, second] = await Promise.all([loader.load(), loader.load()]);
    expect(first).toBe(pipeline);
    expect(second).toBe(pipeline);
    expect(fetchPipeline).toHaveBeenCalledOnce();
    // From then on it is simply there: calls go on at once.
    expect(loader.loaded()).toBe(pipeline);
  });

  it.each<[string, (() => Promise<Pipeline>)[], (Pipeline | 'failed')[]]>([
    ['here the first time', [here], [pipeline, pipeline]],
    ['offline, then back: the next call fetches it again', [offline, here], ['failed', pipeline]],
    ['offline twice', [offline, offline], ['failed', 'failed']],
  ])('%s', async (_name, attempts, expected) => {
    const fetchPipeline = vi.fn<() => Promise<Pipeline>>();
    for (const attempt of attempts) fetchPipeline.mockImplementationOnce(attempt);
    const loader = createPipelineLoader(fetchPipeline);
    const results: (Pipeline | 'failed')[] = [];
    for (let index = 0; index < 2; index += 1)
      results.push(await loader.load().catch(() => 'failed' as const));
    expect(results).toEqual(expected);
    expect(fetchPipeline).toHaveBeenCalledTimes(attempts.length);
  });
});

describe('withClient: a call whose pipeline cannot be fetched', () => {
  it.each<[string, { handleErrors?: boolean }, number]>([
    ['fails as one that got no answer, and shows it', {}, 1],
    ['shows nothing when the caller shows its own errors', { handleErrors: false }, 0],
  ])('%s', async (_name, options, shown) => {
    const onError = vi.fn<(error: WpsError) => void>();
    configureClient({ onError });
    const send = vi.fn(() => Promise.resolve('sent'));
    const call = withClient(send, options, createPipelineLoader(offline));
    await expect(call).rejects.toMatchObject({ status: 0, errorCode: NETWORK_ERROR });
    await expect(call).rejects.toBeInstanceOf(WpsError);
    expect(send).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledTimes(shown);
  });

  it('sends at once, without waiting a turn, when the pipeline is already here', async () => {
    const loader = createPipelineLoader(here);
    await loader.load();
    const send = vi.fn(() => Promise.resolve('sent'));
    const call = withClient(send, {}, loader);
    expect(send).toHaveBeenCalledOnce();
    await expect(call).resolves.toBe('sent');
  });

  it('sends once the pipeline has arrived', async () => {
    const send = vi.fn((loaded: Pipeline) => Promise.resolve(Object.keys(loaded.endpoints).length > 0));
    await expect(withClient(send, {}, createPipelineLoader(here))).resolves.toBe(true);
    expect(send).toHaveBeenCalledOnce();
  });
});
