/**
 * The baseline of `npm run bench`: a bare Fastify server (the framework Transdesk is built on, same
 * version, production defaults, no plugins) answering GET /job with a fixed JSON body — one real
 * job object read from the Transdesk server, so the size and shape match GET /v2/jobs/:id. The
 * object is serialised per request by Fastify (as Transdesk does), not sent pre-serialised.
 *
 * Usage: node --import tsx bench/baseline.ts BODY_FILE   (prints "Listening on http://HOST:PORT")
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const file = process.argv[2];
if (!file) throw new Error('usage: baseline.ts BODY_FILE');
const body = JSON.parse(readFileSync(file, 'utf8')) as unknown;

const app = Fastify({ logger: false });
app.get('/job', async () => body);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`Listening on ${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
