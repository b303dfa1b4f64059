import type { Logger } from 'pino';
import { ConfigError, loadConfig, type AppConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { checkDependencies } from './dependencies.js';

/** Validated config and a logger, or one clear line on stderr and exit code 1. */
export async function bootOrExit(process_: 'api' | 'worker'): Promise<{ config: AppConfig; logger: Logger }> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Coursa (${process_}) ne peut pas démarrer : ${error.message}`);
    process.exit(1);
  }
  const problem = await checkDependencies(config);
  if (problem) {
    console.error(`Coursa (${process_}) ne peut pas démarrer : ${problem}`);
    process.exit(1);
  }
  return { config, logger: createLogger(config).child({ process: process_ }) };
}
