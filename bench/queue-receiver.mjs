// The merchant's server of the queue scenario's webhooks (bench/queue.mjs): takes each POST, reads its body and answers
// 200 at once, in its own process so that neither worker pays for it.
import http from 'node:http';

const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"received":true}');
  });
});
server.listen(Number(process.env.RECEIVER_PORT), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => process.exit(0));
