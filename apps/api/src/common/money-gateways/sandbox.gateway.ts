import { randomUUID } from 'node:crypto';
import type { RedisService } from '../redis/redis.service.js';
import type { GatewayName, InitiateRequest, Initiated, PaymentGateway, PaymentRecord, StatusAnswer } from './payment-gateway.js';

const TTL_SECONDS = 48 * 3600;

export type SandboxOutcome = 'success' | 'failure';

export interface SandboxPayment {
  reference: string;
  gateway: GatewayName;
  orderId: string;
  amount: number;
  state: 'pending' | 'paid' | 'failed';
  returnUrl: string;
}

/**
 * Development and test stand-in for every provider (docs/architecture.md, « Real components »): a hosted page on our own server with
 * "Payer" / "Échouer", whose state lives in Redis and is read back through the same status call as live.
 */
export class SandboxGateway implements PaymentGateway {
  constructor(
    private readonly gateway: GatewayName,
    private readonly redis: RedisService,
    private readonly publicUrl: string,
  ) {}

  async initiate(request: InitiateRequest): Promise<Initiated> {
    const reference = `SBX-${randomUUID()}`;
    const payment: SandboxPayment = {
      reference,
      gateway: this.gateway,
      orderId: request.orderId,
      amount: request.amount,
      state: 'pending',
      returnUrl: request.returnUrl,
    };
    await this.redis.client.set(sandboxKey(this.redis, reference), JSON.stringify(payment), 'EX', TTL_SECONDS);
    // MTN pushes the request to the payer's phone: the sandbox page stands in for that phone.
    return { providerReference: reference, paymentUrl: `${this.publicUrl}/sandbox/pay/${reference}` };
  }

  async status(payment: PaymentRecord): Promise<StatusAnswer> {
    const stored = await findSandboxPayment(this.redis, payment.providerReference);
    if (!stored || stored.state === 'failed') return { state: 'failed' };
    return stored.state === 'paid' ? { state: 'paid', paidAmount: stored.amount } : { state: 'pending' };
  }
}

const sandboxKey = (redis: RedisService, reference: string) => redis.key('sandbox', reference);

export async function findSandboxPayment(redis: RedisService, reference: string): Promise<SandboxPayment | null> {
  if (!/^SBX-[0-9a-f-]{36}$/.test(reference)) return null;
  const stored = await redis.client.get(sandboxKey(redis, reference));
  return stored ? (JSON.parse(stored) as SandboxPayment) : null;
}

/** What the buttons of the sandbox page do: decide the provider's side of the payment, once. */
export async function settleSandboxPayment(redis: RedisService, reference: string, outcome: SandboxOutcome): Promise<SandboxPayment | null> {
  const payment = await findSandboxPayment(redis, reference);
  if (!payment || payment.state !== 'pending') return payment;
  const settled: SandboxPayment = { ...payment, state: outcome === 'success' ? 'paid' : 'failed' };
  await redis.client.set(sandboxKey(redis, reference), JSON.stringify(settled), 'EX', TTL_SECONDS);
  return settled;
}
