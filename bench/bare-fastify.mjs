// The cold-start reference (bench/cold-start.ts): a bare Fastify process, started the way the app is
// (`node <file>` with HOST and PORT), answering GET / with 200. Plain JavaScript, so nothing compiles it first.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => 'ok');
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
