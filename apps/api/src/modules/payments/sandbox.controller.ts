import { Body, Controller, Get, Inject, Param, Post, Res } from '@nestjs/common';
import { formatGnf } from '@coursa/domain';
import type { FastifyReply } from 'fastify';
import { SandboxOutcomeSchema, type SandboxOutcomeInput } from '@coursa/contracts/schemas';
import { Public } from '../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { notFound } from '../../common/errors/domain-error.js';
import { findSandboxPayment, settleSandboxPayment, type SandboxPayment } from '../../common/money-gateways/sandbox.gateway.js';
import { RedisService } from '../../common/redis/redis.service.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { PaymentsService } from './payments.service.js';

const TITLES: Record<SandboxPayment['gateway'], string> = {
  paycard: 'PayCard',
  orange_money: 'Orange Money',
  mtn_momo: 'MTN MoMo',
  card: 'Vérification 3-D Secure',
};

/**
 * The sandbox's hosted payment page (PAYMENT_DRIVER=sandbox): "Payer" or "Échouer" settles the provider's
 * side, then the same notice → status check → credit path as a live provider runs.
 */
@Controller('sandbox')
export class SandboxController {
  constructor(
    private readonly redis: RedisService,
    private readonly payments: PaymentsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('pay/:reference')
  async page(@Param('reference') reference: string, @Res() reply: FastifyReply) {
    const payment = await this.find(reference);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderPage(payment));
  }

  @Public()
  @Post('pay/:reference')
  async decide(@Param('reference') reference: string, @Body(new ZodPipe(SandboxOutcomeSchema)) body: SandboxOutcomeInput, @Res() reply: FastifyReply) {
    await this.find(reference);
    const payment = (await settleSandboxPayment(this.redis, reference, body.outcome))!;
    const provider = payment.gateway === 'card' ? 'card' : payment.gateway;
    await this.payments.onProviderNotice(provider, { providerReference: reference });
    return reply.redirect(`${this.config.PUBLIC_URL}/?paiement=${payment.orderId}`, 303);
  }

  private async find(reference: string): Promise<SandboxPayment> {
    if (this.config.PAYMENT_DRIVER !== 'sandbox') throw notFound('NOT_FOUND', "Cette adresse n'existe pas.");
    const payment = await findSandboxPayment(this.redis, reference);
    if (!payment) throw notFound('PAYMENT_NOT_FOUND', 'Paiement introuvable.');
    return payment;
  }
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function renderPage(payment: SandboxPayment): string {
  const settled = payment.state !== 'pending';
  const buttons = settled
    ? `<p>Ce paiement est déjà ${payment.state === 'paid' ? 'accepté' : 'refusé'}.</p>`
    : `<form method="post"><button name="outcome" value="success" class="pay">Payer</button>
       <button name="outcome" value="failure" class="fail">Échouer</button></form>`;
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paiement de test — ${escape(TITLES[payment.gateway])}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f3f5f4;margin:0;padding:24px;color:#1b1f1d}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:16px;padding:24px;box-shadow:0 2px 12px #0001}
.badge{display:inline-block;background:#fff3cd;color:#7a5b00;border-radius:8px;padding:4px 8px;font-size:.85em}
.amount{font-size:2em;font-weight:700;margin:16px 0}
form{display:flex;gap:12px}button{flex:1;font-size:1.05em;padding:14px;border:0;border-radius:10px;cursor:pointer}
.pay{background:#0f6b4b;color:#fff}.fail{background:#eee;color:#a11}
</style></head>
<body><main>
<span class="badge">Mode test : aucun argent réel</span>
<h1>${escape(TITLES[payment.gateway])}</h1>
<p>Commande ${escape(payment.orderId)}</p>
<p class="amount">${escape(formatGnf(payment.amount))}</p>
${buttons}
</main></body></html>`;
}
