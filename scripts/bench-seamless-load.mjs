// The load generator of bench-seamless.mjs, a process of its own: a vendor's server signing bets.
// In the server's own event loop it took half the loop's time from the server it measured (and
// autocannon run on a worker thread takes itself for one of its own workers).
import { createHmac, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

const { SeamlessHeader, seamlessPath, seamlessSignedText } =
  await import('../packages/contract/dist/seamless.js');
const { port, members, secret, currency, vendor, connections, seconds } = await new Promise((resolve) =>
  process.once('message', resolve),
);

const key = Buffer.from(secret, 'base64');
let next = 0;
const statuses = {};
const result = await autocannon({
  url: `http://127.0.0.1:${port}`,
  connections,
  duration: seconds,
  requests: [
    {
      method: 'POST',
      path: seamlessPath(vendor, 'bet'),
      setupRequest: (request) => {
        const who = members[(next += 1) % members.length];
        const body = JSON.stringify({
          transactionId: randomUUID(),
          player: who.player,
          token: who.token,
          currency,
          amount: 100,
          roundId: randomUUID(),
          gameCode: 'LUCKY10',
        });
        const id = randomUUID();
        const timestamp = String(Math.floor(Date.now() / 1000));
        const signature = `v1,${createHmac('sha256', key)
          .update(seamlessSignedText(id, timestamp, body))
          .digest('base64')}`;
        return {
          ...request,
          body,
          headers: {
            'content-type': 'application/json',
            [SeamlessHeader.id]: id,
            [SeamlessHeader.timestamp]: timestamp,
            [SeamlessHeader.signature]: signature,
          },
        };
      },
      onResponse: (status) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
      },
    },
  ],
});
process.send?.({
  average: result.requests.average,
  total: result.requests.total,
  p50: result.latency.p50,
  p99: result.latency.p99,
  statuses,
});
