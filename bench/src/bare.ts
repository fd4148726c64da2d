/** The yardstick: a bare Fastify route answering a small JSON body. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3201), host: '127.0.0.1' });
process.send?.('ready');
