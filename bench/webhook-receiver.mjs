// The integrator's receiver for bench/webhooks.ts, in a process of its own as it would be on a
// machine of its own: its parsing is not charged to the service's thread. Answers 204 to every
// post and reports each arrival to its parent (the body's data.id and the time in ms since the
// epoch, performance.timeOrigin-based so both processes read the same clock), batched every 10 ms.
import { createServer } from 'node:http';

const pending = [];
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    pending.push([Number(body.data?.id ?? 0), performance.timeOrigin + performance.now()]);
    res.writeHead(204).end();
  });
});
setInterval(() => {
  if (pending.length) process.send(pending.splice(0));
}, 10);
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('disconnect', () => process.exit(0));
