import { CONCURRENCY } from '@wps/contract/constants';
import { GAME_LIST_PATH } from '@wps/contract/endpoints';
import { describe, expect, it } from 'vitest';
import { concurrencyLimitFor, createConcurrencyQueue } from './concurrency';
import { CANCELED_ERROR } from './errors';
import { deferred } from '@/test/deferred';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function startMany(queue: ReturnType<typeof createConcurrencyQueue>, path: string, count: number) {
  const started: number[] = [];
  const tasks = Array.from({ length: count }, () => deferred<string>());
  const results = tasks.map((task, index) =>
    queue
      .run(path, () => {
        started.push(index);
        return task.promise;
      })
      .catch((error: unknown) => error),
  );
  return { started, tasks, results };
}

describe('concurrency queue', () => {
  it.each([
    ['/wps/member/info', CONCURRENCY.perPath],
    [GAME_LIST_PATH, CONCURRENCY.gameList],
    [`${GAME_LIST_PATH}?category=2`, CONCURRENCY.gameList],
  ])('limits %s to %i in flight', async (path, limit) => {
    expect(concurrencyLimitFor(path)).toBe(limit);
    const queue = createConcurrencyQueue();
    const { started } = startMany(queue, path, limit + 3);
    await flush();
    expect(started).toHaveLength(limit);
    expect(queue.stats(path)).toEqual({ active: limit, waiting: 3 });
  });

  it('starts waiting requests in first-in, first-out order as slots free up', async () => {
    const queue = createConcurrencyQueue();
    const { started, tasks } = startMany(queue, GAME_LIST_PATH, 6);
    await flush();
    expect(started).toEqual([0, 1]);
    tasks[1]?.resolve('done');
    await flush();
    expect(started).toEqual([0, 1, 2]);
    tasks[0]?.resolve('done');
    tasks[2]?.resolve('done');
    await flush();
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('frees the slot of a failed request', async () => {
    const queue = createConcurrencyQueue();
    const { started, tasks, results } = startMany(queue, GAME_LIST_PATH, 3);
    await flush();
    tasks[0]?.reject(new Error('boom'));
    await flush();
    expect(await results[0]).toBeInstanceOf(Error);
    expect(started).toEqual([0, 1, 2]);
  });

  it('gives every path its own lane; the query does not matter', async () => {
    const queue = createConcurrencyQueue();
    const a = startMany(queue, '/wps/a?x=1', CONCURRENCY.perPath);
    const b = startMany(queue, '/wps/b', 1);
    const a2 = startMany(queue, '/wps/a?x=2', 1);
    await flush();
    expect(a.started).toHaveLength(CONCURRENCY.perPath);
    expect(b.started).toEqual([0]);
    expect(a2.started).toEqual([]);
  });

  it('drops a waiting request whose signal aborts, and forgets idle lanes', async () => {
    const queue = createConcurrencyQueue(() => 1);
    const first = deferred<string>();
    const running = queue.run('/wps/a', () => first.promise);
    const controller = new AbortController();
    const waiting = queue.run('/wps/a', () => Promise.resolve('never'), controller.signal);
    expect(queue.stats('/wps/a')).toEqual({ active: 1, waiting: 1 });
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ errorCode: CANCELED_ERROR });
    expect(queue.stats('/wps/a')).toEqual({ active: 1, waiting: 0 });
    first.resolve('ok');
    await expect(running).resolves.toBe('ok');
    expect(queue.stats('/wps/a')).toEqual({ active: 0, waiting: 0 });
  });
});
