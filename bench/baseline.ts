/**
 * The baseline of `npm run bench`: a bare Fastify server (the framework Transdesk is built on, same
 * version, production defaults, no plugins) answering GET /v2/jobs/:id (any id) and GET /job with a
 * fixed JSON body — one real job object read from the Transdesk server, so the size and shape match
 * GET /v2/jobs/:id. The object is serialised per request by Fastify, not sent pre-serialised. The
 * benchmark sends it the very requests of its GET /v2/jobs/:id scenario (varied ids, the same
 * Authorization header), so that the load generator's work per request is the same on both sides.
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
app.get('/v2/jobs/:id', async () => body);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`Listening on ${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
