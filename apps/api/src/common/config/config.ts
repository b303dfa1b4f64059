import { z } from 'zod';
import './french-errors.js';
import { redisUrlProblem } from './redis-url.js';

/** docker-compose passes `${SMTP_URL:-}` through as '': the same as not set. */
function unsetWhenEmpty<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema);
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Every setting of the API and the worker, validated once at boot (docs/conventions.md, « Config is validated at boot »). */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'doit être une URL postgresql://')
    .default('postgresql://postgres:postgres@127.0.0.1:5432/coursa'),
  /**
   * A streaming replica of DATABASE_URL (issue 41): the analytics, the dashboard's figures and the audit statistics
   * read there (seconds of lag are fine for figures); money, statuses and sessions always read the primary. Unset:
   * everything reads the primary.
   */
  DATABASE_REPLICA_URL: unsetWhenEmpty(z.string().regex(/^postgres(ql)?:\/\//, 'doit être une URL postgresql://').optional()),
  /**
   * One server (`redis://host:port[/db]`), a cluster (`redis+cluster://h1:p1,h2:p2,…` or `redis://h1:p1,h2:p2,…`) or a
   * Sentinel set (`redis+sentinel://h1:26379,h2:26379/<master>[/db]`); `rediss…` for TLS (common/redis/redis-connection.ts).
   */
  REDIS_URL: z
    .string()
    .superRefine((url, context) => {
      const problem = redisUrlProblem(url);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key and BullMQ queue: lets test suites share one Redis without seeing each other. */
  REDIS_PREFIX: z.string().regex(/^[a-zA-Z0-9_-]+$/).default('coursa'),
  /** Signs access tokens and peppers stored code hashes. */
  SECRET_KEY: z.string().min(32, 'doit contenir au moins 32 caractères').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY: z.stringbool().default(false),
  CORS_ORIGIN: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default('apps/web/dist'),
  STORAGE_DIR: z.string().default('var/storage'),
  SMS_DRIVER: z.enum(['log', 'nimba', 'orange', 'twilio']).default('log'),
  OUTBOX_FILE: z.string().default('var/outbox.jsonl'),
  SMS_PER_PHONE_PER_HOUR: z.coerce.number().int().min(1).default(10),
  NIMBA_BASE_URL: z.url().default('https://api.nimbasms.com'),
  NIMBA_SERVICE_ID: z.string().optional(),
  NIMBA_SECRET: z.string().optional(),
  NIMBA_SENDER_NAME: z.string().default('Coursa'),
  ORANGE_SMS_BASE_URL: z.url().default('https://api.orange.com'),
  ORANGE_SMS_CLIENT_ID: z.string().optional(),
  ORANGE_SMS_CLIENT_SECRET: z.string().optional(),
  ORANGE_SMS_SENDER: z.string().default('tel:+2240000'),
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  /** Where e-mails go out (`smtp://user:pass@host:587`, `smtps://…:465`); unset: to OUTBOX_FILE, like the log SMS driver. */
  SMTP_URL: unsetWhenEmpty(
    z.string().refine(isSmtpUrl, 'doit être une URL smtp:// ou smtps:// avec un hôte (mot de passe encodé en %XX)').optional(),
  ),
  EMAIL_FROM: unsetWhenEmpty(
    z
      .string()
      .regex(/^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'doit être une adresse, ex. « Coursa <no-reply@coursa.gn> »')
      .default('Coursa <no-reply@coursa.gn>'),
  ),
  EMAIL_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /**
   * Web Push (issue 37): the VAPID key pair (base64url, as `web-push generate-vapid-keys` prints it) that signs every
   * push, and the contact the push services may write to. Required in production; `npm start` makes a development pair
   * once (var/vapid.json). Without a pair, push is off: subscribing answers 503 and nothing is pushed.
   */
  VAPID_PUBLIC_KEY: unsetWhenEmpty(z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'doit être une clé publique P-256 en base64url (87 caractères)').optional()),
  VAPID_PRIVATE_KEY: unsetWhenEmpty(z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'doit être une clé privée P-256 en base64url (43 caractères)').optional()),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, 'doit commencer par mailto: ou https://').default('mailto:contact@coursa.gn'),
  /**
   * Push service origins accepted although they are local or plain http (`http://127.0.0.1:4100`): the tests' fake
   * push service. Every other endpoint must be a public https host (common/http/endpoint-guard.ts). Empty in production.
   */
  PUSH_TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean)),
  /**
   * Merchants' webhooks (issue 40): origins accepted although local or private (`http://127.0.0.1:4200`), for tests and
   * development. Every other endpoint must be a public host (common/http/endpoint-guard.ts), and the address its name
   * resolves to is checked again at each send. Empty in production.
   */
  WEBHOOK_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean)),
  /** How long a merchant's server has to take one webhook: connect, answer and the first bytes of its body. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The wait before a webhook's first retry; the later waits are multiples of it (libs/domain WEBHOOK_RETRY_STEPS: 30 s … 24 h). */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  /** Tries of one webhook before it fails for good: 10 is the whole schedule, about 70 hours with a 30 s base. */
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(10),
  /** An endpoint whose webhooks failed for good this many times in a row is disabled, and its merchant told by e-mail. */
  WEBHOOK_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).default(5),
  /** Pushes one user gets in an hour at most; past it they are dropped, not delayed (a late offer misleads). */
  PUSH_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** The recipient gets « Votre livreur arrive » once the courier's positions come this close to the delivery point. */
  ARRIVING_RADIUS_M: z.coerce.number().int().min(10).max(5000).default(300),
  PAYMENT_DRIVER: z.enum(['sandbox', 'live']).default('sandbox'),
  /** Methods offered to clients, in this order. */
  PAYMENT_METHODS: z
    .string()
    .default('paycard,orange_money,mtn_momo,card,cash_on_delivery')
    .transform((value) => value.split(',').map((method) => method.trim()).filter(Boolean))
    .pipe(z.array(z.enum(['paycard', 'orange_money', 'mtn_momo', 'card', 'cash_on_delivery']))),
  /** GNF per US dollar, for card payments charged in USD. */
  USD_RATE_GNF: z.coerce.number().int().min(1).default(8600),
  PAYCARD_BASE_URL: z.url().default('https://mapaycard.com'),
  PAYCARD_MERCHANT_CODE: z.string().optional(),
  ORANGE_MONEY_BASE_URL: z.url().default('https://api.orange.com'),
  ORANGE_MONEY_CLIENT_ID: z.string().optional(),
  ORANGE_MONEY_CLIENT_SECRET: z.string().optional(),
  ORANGE_MONEY_MERCHANT_KEY: z.string().optional(),
  ORANGE_MONEY_COUNTRY: z.enum(['gn', 'dev']).default('gn'),
  MTN_MOMO_BASE_URL: z.url().default('https://proxy.momoapi.mtn.com'),
  MTN_MOMO_SUBSCRIPTION_KEY: z.string().optional(),
  MTN_MOMO_API_USER: z.string().optional(),
  MTN_MOMO_API_KEY: z.string().optional(),
  MTN_MOMO_TARGET_ENVIRONMENT: z.string().default('mtnguinea'),
  /**
   * MTN MoMo Disbursement, which pays couriers when PAYMENT_DRIVER=live: a product of its own, with its own
   * subscription key and API user (same base URL and environment). Without them, live payouts answer 503.
   */
  MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: z.string().optional(),
  MTN_MOMO_DISBURSEMENT_API_USER: z.string().optional(),
  MTN_MOMO_DISBURSEMENT_API_KEY: z.string().optional(),
  /** Share of a course's price a courier earns, per courier type (fractions). */
  COMMISSION_RATE_INDEPENDENT: z.coerce.number().min(0).max(1).default(0.7),
  COMMISSION_RATE_SALARIED: z.coerce.number().min(0).max(1).default(0.15),
  /** Cash a courier may owe the platform (whole GNF) before cash courses are no longer offered to them. */
  COURIER_CASH_CAP_GNF: z.coerce.number().int().min(0).default(500_000),
  /** A new course is offered first to the available couriers whose live position is within this distance of its pickup… */
  DISPATCH_RADIUS_KM: z.coerce.number().min(0).max(100).default(3),
  /** …and to every available courier once this long has passed without anyone taking it. */
  DISPATCH_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** A course still waiting for a courier after this long is shown to ops with the nearest available couriers. */
  DISPATCH_ALERT_AFTER_MS: z.coerce.number().int().min(0).max(86_400_000).default(5 * 60_000),
  /** A delivery code entered farther than this from the delivery point is accepted but flagged for ops… */
  HANDOVER_MAX_DISTANCE_M: z.coerce.number().int().min(0).default(300),
  /** …and so is one entered when the courier's last live position is older than this (or missing). */
  HANDOVER_POSITION_MAX_AGE_S: z.coerce.number().int().min(0).default(180),
  /** Proof of delivery (issue 37): the courier's photo at the door is required before the code on every cash course… */
  PROOF_PHOTO_REQUIRED_FOR_CASH: z.stringbool().default(false),
  /** …and on every course whose price to pay is above this many GNF (unset: no price threshold). */
  PROOF_PHOTO_REQUIRED_ABOVE_GNF: z.coerce.number().int().min(0).optional(),
  /** A courier on an active course who has sent no position for this long is shown to ops as silent (issue 37)… */
  COURIER_SILENT_AFTER_S: z.coerce.number().int().min(1).default(120),
  /** …looked for this often (a repeatable job: one schedule however many workers). */
  COURIER_SILENCE_CHECK_MS: z.coerce.number().int().min(100).default(15_000),
  /** The place book (issue 39): a place is suggested to clients once seen in deliveries of this many different clients… */
  PLACE_MIN_CLIENTS: z.coerce.number().int().min(1).default(3),
  /** …a delivered course's observations are read this long after it ends (its last positions reach the trail first)… */
  PLACE_OBSERVE_AFTER_MS: z.coerce.number().int().min(0).default(30_000),
  /** …and observations are grouped into places this often (a repeatable job: one schedule however many workers). */
  PLACE_GROUPING_EVERY_MS: z.coerce.number().int().min(1000).default(10 * 60_000),
  /** Requests one merchant's API key may make in a minute (issue 40); past it, 429 with Retry-After. */
  API_KEY_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** A courier's position implying a faster move than this from their last one is kept off the live map and flagged. */
  POSITION_MAX_SPEED_KMH: z.coerce.number().min(1).max(2000).default(150),
  /** Mount the BullMQ dashboard (Bull Board) at /api/admin/queues for admin and super_admin. */
  OPS_BOARD: z.stringbool().default(true),
  /** Bearer token Prometheus must send to read /metrics; without it, only local requests may read it. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * Graceful shutdown (issue 41, README « Two of everything »). On SIGTERM an API process first answers /api/health
   * 503 (draining) for this long while it keeps serving, so that the load balancer stops sending it anything (haproxy.cfg:
   * two failed checks a second apart); then it hands its sockets over and finishes its requests. 0 (the default) for a
   * process with nothing in front of it.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /**
   * The longest an API process waits for its requests in flight, and a worker for its running jobs, once told to stop;
   * past it the worker leaves its jobs to be found stalled and run again. Keep it under the orchestrator's grace period
   * (docker-compose.prod.yml: stop_grace_period 30 s).
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  /** How often each API process re-checks the users behind its sockets (disabled, password changed). */
  SOCKET_SESSION_SWEEP_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * How long a worker's hold on a running job lasts between renewals. A worker that dies (kill -9, lost
   * machine) stops renewing: its jobs go back to the queue after about twice this long, for another worker.
   */
  JOB_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  /** How often the worker relays the transactional outbox when no notification woke it (a fallback: it relays as soon as events commit). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(1000),
  /**
   * End of life (issue 25). Raw courier positions are kept this many days (an ended course keeps its simplified
   * route); the trail's day partitions older than this are dropped whole.
   */
  POSITION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Outbox events, this long after they were published. */
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** Idempotency records (the stored answers to replayed requests), this long after the request. */
  IDEMPOTENCY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** Activation tokens and password reset codes, this long after they expire (a used one expires too). */
  TOKEN_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** Sessions, this long after they expire (a revoked or rotated one is refused before that anyway). */
  SESSION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Finished BullMQ jobs (failed ones are kept for inspection), this long after they finished. */
  JOB_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** An ended course's route is simplified this long after it ends: the API processes write the trail every 5 s. */
  ROUTE_AFTER_END_MS: z.coerce.number().int().min(0).default(30_000),
  /** How often each cleanup runs (a repeatable job per target; the trail's partitions too). */
  CLEANUP_EVERY_MS: z.coerce.number().int().min(1000).default(3_600_000),
});

export type Env = z.infer<typeof EnvSchema>;

const DEV_SECRET = 'coursa-development-secret-do-not-use-in-production';

const DRIVER_SETTINGS: Record<Env['SMS_DRIVER'], (keyof Env)[]> = {
  log: [],
  nimba: ['NIMBA_SERVICE_ID', 'NIMBA_SECRET'],
  orange: ['ORANGE_SMS_CLIENT_ID', 'ORANGE_SMS_CLIENT_SECRET'],
  twilio: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
};

const LIVE_PAYMENT_SETTINGS: (keyof Env)[] = [
  'PAYCARD_MERCHANT_CODE',
  'ORANGE_MONEY_CLIENT_ID',
  'ORANGE_MONEY_CLIENT_SECRET',
  'ORANGE_MONEY_MERCHANT_KEY',
  'MTN_MOMO_SUBSCRIPTION_KEY',
  'MTN_MOMO_API_USER',
  'MTN_MOMO_API_KEY',
];

export class ConfigError extends Error {}

/** The `?schema=` of a PostgreSQL URL (each test suite gets its own), '' when none or unreadable. */
function schemaParam(url: string): string {
  try {
    return new URL(url).searchParams.get('schema') ?? '';
  } catch {
    return '';
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Variable ${String(issue.path[0])} invalide : ${issue.message}`);
  }
  const env = parsed.data;
  if (!env.SECRET_KEY && env.NODE_ENV === 'production') {
    throw new ConfigError('Variable SECRET_KEY manquante : obligatoire en production (32 caractères au moins).');
  }
  if (env.NODE_ENV === 'production' && (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Variables VAPID_PUBLIC_KEY et VAPID_PRIVATE_KEY manquantes : obligatoires en production (npx web-push generate-vapid-keys).');
  }
  if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY) {
    throw new ConfigError('Variables VAPID_PUBLIC_KEY et VAPID_PRIVATE_KEY : données ensemble ou pas du tout.');
  }
  if (env.DATABASE_REPLICA_URL && schemaParam(env.DATABASE_REPLICA_URL) !== schemaParam(env.DATABASE_URL)) {
    throw new ConfigError('Variable DATABASE_REPLICA_URL invalide : son ?schema= doit être celui de DATABASE_URL (une réplique a les mêmes tables).');
  }
  for (const key of DRIVER_SETTINGS[env.SMS_DRIVER]) {
    if (!env[key]) throw new ConfigError(`Variable ${key} manquante : requise par SMS_DRIVER=${env.SMS_DRIVER}.`);
  }
  if (env.PAYMENT_DRIVER === 'live') {
    for (const key of LIVE_PAYMENT_SETTINGS) {
      if (!env[key]) throw new ConfigError(`Variable ${key} manquante : requise par PAYMENT_DRIVER=live.`);
    }
  }
  return { ...env, SECRET_KEY: env.SECRET_KEY ?? DEV_SECRET };
}

export type AppConfig = ReturnType<typeof loadConfig>;

/** Injection token of the AppConfig object. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    // A list of hosts (a Redis cluster or Sentinel set) is no WHATWG URL: hide what follows `user:` before the `@`.
    return /^[a-z+]+:\/\//i.test(url) ? url.replace(/^([a-z+]+:\/\/[^:@/]*):[^@/]*@/i, '$1:***@') : '(URL illisible)';
  }
}
