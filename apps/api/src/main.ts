import 'reflect-metadata';
import { createApp } from './app.factory.js';
import { bootOrExit } from './common/startup/boot.js';
import { drainOnSignals } from './common/startup/graceful-shutdown.js';

// The HTTP process: REST API under /api and the built web app, on one port.
const { config, logger } = await bootOrExit('api');
const app = await createApp(config, logger);
// SIGTERM: out of the load balancer, sockets handed over, requests answered, then closed (README « Two of everything »).
drainOnSignals(app, { drainMs: config.SHUTDOWN_DRAIN_MS, timeoutMs: config.SHUTDOWN_TIMEOUT_MS, logger });
await app.listen({ port: config.PORT, host: config.HOST });
logger.info({ url: config.PUBLIC_URL, port: config.PORT }, 'Coursa API ready');
