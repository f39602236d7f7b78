import { closeOnSignals, createLogger, listen, type RunningServer } from '@svc/kernel/http';
import { buildHttpApp, type RouteRegistrar } from './app.ts';
import { readConfig, type Config } from './config.ts';
import { createServices, openServiceDatabase, type Services } from './services.ts';

export interface RunOptions {
  registrars: RouteRegistrar[];
  config?: Config;
  /** Extra work for this process (e.g. the cron schedule), stopped on shutdown. */
  alongside?: (services: Services) => { stop(): Promise<void> | void };
}

/**
 * Starts a process: opens and migrates the database, composes the services, serves the routes,
 * and on SIGTERM finishes in-flight requests before closing the database.
 */
export const runServer = async ({ registrars, config = readConfig(), alongside }: RunOptions): Promise<RunningServer> => {
  const logger = createLogger();
  const db = await openServiceDatabase(config);
  const applied = await db.migrate();
  if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
  const services = createServices({ db, baseUrl: config.baseUrl });
  const usage = services.usage.start();
  const extra = alongside?.(services);
  const app = buildHttpApp(services, logger, registrars, { proxy: config.proxy });
  const server = await listen(app, {
    port: config.port,
    logger,
    onClose: async () => {
      await extra?.stop();
      await usage.stop();
      await db.close();
    },
  });
  logger.info({ port: server.port, base_url: config.baseUrl, database: db.engine }, 'listening');
  closeOnSignals(server.close, logger);
  return server;
};
