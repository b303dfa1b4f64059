import type { AppConfig } from '../../../common/config/config.js';
import type { Gateways } from './gateways.js';

/** PAYMENT_DRIVER=live: the providers' real APIs (wired once their adapters land). */
export function liveGateways(_config: AppConfig): Gateways {
  throw new Error('live gateways not wired yet');
}
