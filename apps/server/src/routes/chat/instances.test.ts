import { STAFF_SOCKET_PATH } from '@wps/contract/chat';
import type { ChatMessage } from '@wps/contract/schemas/chat';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import type { StaffServerFrame as StaffFrame } from '@wps/contract/schemas/staff';
import { LOTUS, value } from '../../test/accounts.js';
import { hello, memberToken, sendAndAck, staffCall, staffSignerOn, TestSocket } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { backends, testConfig, useTestApp } from '../../test/test-app.js';

const clock = new TestClock();
const signInStaff = staffSignerOn(clock);

describe.runIf(backends.includes('postgres'))('support chat across two instances on one PostgreSQL', () => {
  const t = useTestApp('postgres', { now: clock.now });
  let second: FastifyInstance;
  let secondDatabase: Database;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    secondDatabase = await t.testDatabase.openAnother();
    second = await buildApp({
      config: testConfig(),
      database: secondDatabase,
      cacheTtlMs: 0,
      now: clock.now,
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second.close();
  });

  it('a reply sent on one instance reaches the member’s socket on the other, and the agent console there', async () => {
    const token = await memberToken(t.app, 'demo');
    const { socket } = await hello(t.app, { token });
    const cookie = await signInStaff(second, 'lotus-agent', LOTUS);
    const staff = await TestSocket.open<StaffFrame>(second, STAFF_SOCKET_PATH, {
      cookie,
      host: LOTUS,
    });
    await staff.next((f) => f.type === 'ready');

    const asked = await sendAndAck(socket, 'x-1', 'Across instances?');
    expect(await staff.next((f) => f.type === 'message')).toMatchObject({ message: { id: asked.id } });
    const reply = value<ChatMessage>(
      await staffCall(
        second,
        'POST',
        `conversations/${asked.conversationId}/messages`,
        cookie,
        {
          clientId: 'x-r',
          body: 'Yes.',
        },
        LOTUS,
      ),
    );
    expect(await socket.next((f) => f.type === 'message' && f.message.id === reply.id)).toBeTruthy();
    await socket.close();
    await staff.close();
  });
});
