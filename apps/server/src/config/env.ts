import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { TRANSACTION_CURRENCIES } from '@escrow/shared/domain/nigeria';
import { DEFAULT_PRICE_BOUNDS, type PriceBounds } from '@escrow/shared/domain/price-bounds';

/** The only place that reads process.env. Every setting is documented in docs/configuration.md. */
const booleanFromString = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const rateLimit = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

const priceBoundsSetting = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(
    z.partialRecord(
      z.enum(TRANSACTION_CURRENCIES),
      z
        .object({ min: z.number().positive(), max: z.number().positive() })
        .refine((b) => b.min <= b.max, 'min must not exceed max'),
    ),
  );

/** OTEL_EXPORTER_OTLP_HEADERS: comma-separated `key=value` pairs, values percent-encoded (the OTel spec's form). */
const otlpHeadersSetting = z.string().transform((text, ctx) => {
  const headers: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const at = pair.indexOf('=');
    const key = pair.slice(0, at).trim();
    if (at < 1 || !/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(key)) {
      ctx.addIssue({ code: 'custom', message: 'must be key=value pairs separated by commas' });
      return z.NEVER;
    }
    try {
      headers[key] = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      ctx.addIssue({ code: 'custom', message: `the value of ${key} is not percent-encoded correctly` });
      return z.NEVER;
    }
  }
  return headers;
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().startsWith('postgres').optional()),
  // Sized to the machine: measured on 2 cores, a pool of 4-5 served more requests than 20 (more
  // connections only queue in PostgreSQL and cost context switches).
  DATABASE_POOL_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .default(availableParallelism() * 2 + 1),
  REDIS_URL: z.preprocess(emptyToUndefined, z.string().startsWith('redis').optional()),
  JWT_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ),
  // During a rotation: tokens signed with the previous secret are still accepted (signing uses JWT_SECRET).
  JWT_SECRET_PREVIOUS: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'JWT_SECRET_PREVIOUS must be at least 32 characters').optional(),
  ),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  WEB_DIST_DIR: z.string().optional(),
  SEED_DEMO: z.preprocess(emptyToUndefined, booleanFromString.optional()),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().startsWith('smtp').optional()),
  MAIL_FROM: z.string().default('Amana Escrow <no-reply@amana.ng>'),
  SUPPORT_EMAIL: z.email().default('support@amana.ng'),
  // Sign-in throttling (docs/security.md): a hard stop per account and address pair and per address, and
  // only a slow-down for the account as a whole, so a stranger's failures never lock its owner out.
  LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_SLOWDOWN_AFTER_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_SLOWDOWN_STEP_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  LOGIN_SLOWDOWN_MAX_MS: z.coerce.number().int().min(0).max(30_000).default(3000),
  LOGIN_THROTTLE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  // Request limits of write and probe routes (@fastify/rate-limit; shared through Redis when REDIS_URL is set).
  RATE_LIMIT_SIGNUP_PER_HOUR_PER_IP: rateLimit(20),
  RATE_LIMIT_RESET_PER_HOUR_PER_EMAIL: rateLimit(5),
  RATE_LIMIT_RESET_PER_HOUR_PER_IP: rateLimit(20),
  RATE_LIMIT_JOIN_FAILURES_PER_HOUR: rateLimit(10),
  RATE_LIMIT_UPLOADS_PER_HOUR: rateLimit(60),
  /** Partner API requests per key per minute, shared across instances (docs/partner-api.md). */
  RATE_LIMIT_PARTNER_PER_MINUTE: rateLimit(600),
  RATE_LIMIT_MESSAGES_PER_MINUTE: rateLimit(60),
  RATE_LIMIT_ASSISTANT_PER_MINUTE: rateLimit(30),
  RATE_LIMIT_STAFF_EMAIL_PER_MINUTE: rateLimit(10),
  RATE_LIMIT_REDIS_PREFIX: z.string().min(1).max(100).default('rate-limit:'),
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).default(60),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'paystack']).optional(),
  PAYSTACK_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  // Paystack's slug of the bank that issues dedicated virtual accounts ('test-bank' with test keys).
  PAYSTACK_DEDICATED_ACCOUNT_BANK: z.string().min(1).default('wema-bank'),
  WAITLIST_WEBHOOK_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  WAITLIST_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  WAITLIST_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  // Timed jobs (time-based releases, invitation expiry): on by default, off under NODE_ENV=test.
  SCHEDULER_ENABLED: z.preprocess(emptyToUndefined, booleanFromString.optional()),
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
  // GET /metrics (Prometheus) answers only with this bearer token; unset, it is a 404 like any unknown path.
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').max(500).optional(),
  ),
  // The ledger check behind the ledger_check_* metrics, run wherever the scheduler runs; 0 turns it off.
  LEDGER_CHECK_INTERVAL_MS: z.coerce
    .number()
    .int()
    .refine((ms) => ms === 0 || (ms >= 10_000 && ms <= 86_400_000), 'must be 0 (off) or 10000 to 86400000')
    .default(600_000),
  // Webhook URLs (docs/webhooks.md): in production only https to public addresses, checked when saved
  // and at each delivery; 'true' also allows http and private addresses (development, tests).
  WEBHOOK_ALLOW_PRIVATE_URLS: z.preprocess(emptyToUndefined, booleanFromString.default(false)),
  // A transaction's price bounds per currency (docs/product.md "Money rules"), JSON in major units merged
  // over the defaults: '{"NGN":{"min":100,"max":50000000}}'.
  TRANSACTION_PRICE_BOUNDS: z.preprocess(emptyToUndefined, priceBoundsSetting.optional()),
  // The inspection period after the estimated delivery date before the escrow releases by itself.
  INSPECTION_DAYS: z.coerce.number().int().min(1).max(30).default(3),
  // A withdrawal still pending this long is checked with the provider, then again every such period.
  WITHDRAWAL_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
  // Optional OpenAI-compatible endpoint (base URL) that words the help assistant's answers (docs/assistant.md).
  ASSISTANT_API_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  ASSISTANT_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  ASSISTANT_MODEL: z.string().min(1).default('gpt-4o-mini'),
  ASSISTANT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  // Off by default: only behind a known proxy may X-Forwarded-For decide the client IP (login throttling).
  // 'true', a hop count ('1') or comma-separated proxy addresses/CIDRs.
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
  // Identity checks (docs/identity.md): the sandbox by default, Dojah when its keys are set.
  IDENTITY_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'dojah']).optional()),
  DOJAH_APP_ID: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  DOJAH_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
  DOJAH_BASE_URL: z.url().default('https://api.dojah.io'),
  DOJAH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // 32 bytes as 64 hex characters or base64; generated under DATA_DIR when unset.
  IDENTITY_ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) => keyBytes(v) !== null,
        'IDENTITY_ENCRYPTION_KEY must be 32 bytes as 64 hex characters or base64',
      )
      .optional(),
  ),
  // Where uploaded files live: 'disk' (DATA_DIR/uploads, one machine) or 's3' (any S3-compatible bucket).
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url().optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().min(3).max(63).optional()),
  // Both or neither: without them the AWS SDK's default chain (instance role, AWS_* variables) is used.
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, booleanFromString.default(false)),
  // A storage call that takes longer fails (the request answers 503) instead of hanging.
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // OpenTelemetry traces (docs/operations.md, "Traces"): off unless the OTLP/HTTP collector's base URL is
  // set (spans go to <endpoint>/v1/traces); headers as the OTel spec writes them ('key=value,key2=value2').
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  OTEL_EXPORTER_OTLP_HEADERS: z.preprocess(emptyToUndefined, otlpHeadersSetting.optional()),
  OTEL_SERVICE_NAME: z.string().min(1).max(200).default('amana-escrow'),
  // Text messages (docs/security.md "Phone verification"): the sandbox writes them to DATA_DIR/sms-outbox;
  // Termii (SMS and WhatsApp) when its API key is set.
  SMS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'termii']).optional()),
  TERMII_API_KEY: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
  TERMII_SENDER_ID: z.string().min(1).max(11).default('Amana'),
  TERMII_BASE_URL: z.url().default('https://api.ng.termii.com'),
  TERMII_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // Two-factor sign-in for SUPPORT and ADMIN (docs/security.md): 'required' or 'optional'; unset, it is
  // required when NODE_ENV=production and optional otherwise.
  STAFF_TWO_FACTOR: z.preprocess(emptyToUndefined, z.enum(['required', 'optional']).optional()),
});

export type RawEnv = z.infer<typeof envSchema>;
export type AppConfig = RawEnv & {
  dataDir: string;
  publicUrl: string;
  jwtSecret: string;
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string; poolMax: number };
  seedDemo: boolean;
  paymentProvider: 'sandbox' | 'paystack';
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  identityProvider: 'sandbox' | 'dojah';
  /** The price bounds the create route enforces: the defaults with TRANSACTION_PRICE_BOUNDS over them. */
  priceBounds: PriceBounds;
  /** The 32-byte key that encrypts NIN, BVN and document numbers and keys their uniqueness hash. */
  identityKey: Buffer;
  smsProvider: 'sandbox' | 'termii';
  /** Whether SUPPORT and ADMIN need two-factor sign-in, used in the session, for staff-only actions. */
  staffTwoFactor: 'required' | 'optional';
};

export class ConfigError extends Error {}

/**
 * Parses and completes the configuration. `source` is process.env in production; tests pass their own object.
 * `memoryDatabase` keeps PGlite in memory (tests), otherwise it lives under DATA_DIR/pglite. `tool` (the
 * command-line tools) never stops for a missing shared secret: tools sign no tokens.
 */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  options: { memoryDatabase?: boolean; tool?: boolean } = {},
): AppConfig {
  // Renamed when sign-in limits became per account and address: an old setting must not be ignored silently.
  if (source.LOGIN_MAX_FAILURES_PER_ACCOUNT !== undefined)
    throw new ConfigError(
      'Invalid configuration:\n  LOGIN_MAX_FAILURES_PER_ACCOUNT: replaced by LOGIN_MAX_FAILURES_PER_ACCOUNT_IP (per account and address) and LOGIN_SLOWDOWN_AFTER_FAILURES (per account)',
    );
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.IDENTITY_PROVIDER === 'dojah' && !(env.DOJAH_APP_ID && env.DOJAH_SECRET_KEY))
    throw new ConfigError(
      'Invalid configuration:\n  IDENTITY_PROVIDER: dojah needs DOJAH_APP_ID and DOJAH_SECRET_KEY',
    );
  if (env.SMS_PROVIDER === 'termii' && !env.TERMII_API_KEY)
    throw new ConfigError('Invalid configuration:\n  SMS_PROVIDER: termii needs TERMII_API_KEY');
  const dataDir = path.resolve(env.DATA_DIR);
  const database: AppConfig['database'] = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX }
    : { kind: 'pglite', dataDir: options.memoryDatabase ? null : path.join(dataDir, 'pglite') };
  checkStorage(env);
  const secrets = persistedSecrets(dataDir, database.kind === 'postgres', options.tool === true);
  const config: AppConfig = {
    ...env,
    dataDir,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    jwtSecret: secrets.get('JWT_SECRET', env.JWT_SECRET),
    database,
    // Demo accounts only on the embedded database unless asked for explicitly, and never in production:
    // their passwords are in the README (db/seed.ts refuses to start on a database that still has them).
    seedDemo:
      env.NODE_ENV !== 'production' &&
      (env.SEED_DEMO ?? (database.kind === 'pglite' && !options.memoryDatabase)),
    paymentProvider: env.PAYMENT_PROVIDER ?? (env.PAYSTACK_SECRET_KEY ? 'paystack' : 'sandbox'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    priceBounds: { ...DEFAULT_PRICE_BOUNDS, ...env.TRANSACTION_PRICE_BOUNDS },
    identityProvider:
      env.IDENTITY_PROVIDER ?? (env.DOJAH_APP_ID && env.DOJAH_SECRET_KEY ? 'dojah' : 'sandbox'),
    smsProvider: env.SMS_PROVIDER ?? (env.TERMII_API_KEY ? 'termii' : 'sandbox'),
    staffTwoFactor: env.STAFF_TWO_FACTOR ?? (env.NODE_ENV === 'production' ? 'required' : 'optional'),
    identityKey: keyBytes(
      secrets.get('IDENTITY_ENCRYPTION_KEY', env.IDENTITY_ENCRYPTION_KEY, {
        bytes: 32,
        file: 'identity-key',
      }),
    )!,
  };
  secrets.check();
  return config;
}

function checkStorage(env: RawEnv) {
  const problems: string[] = [];
  if (env.STORAGE === 's3' && !env.S3_BUCKET) problems.push('  S3_BUCKET: required when STORAGE=s3');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    problems.push('  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}

function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Secrets the server can generate for itself (JWT_SECRET, and any other added through `get`). On the
 * embedded database (one machine) a missing one is generated once into DATA_DIR and kept there. With
 * DATABASE_URL (several instances may share the database) each instance would generate its own, so a
 * token signed by one would be refused by the next: start-up stops instead, naming every missing variable
 * (docs/operations.md, "Several machines"). Tools (`tool`) never sign anything that outlives them: they get
 * a throwaway value and write nothing.
 */
export function persistedSecrets(dataDir: string, sharedDatabase: boolean, tool = false) {
  const missing: { variable: string; bytes: number }[] = [];
  return {
    /** `bytes` of randomness (48 unless the secret's format says otherwise); `file` under DATA_DIR. */
    get(
      variable: string,
      value: string | undefined,
      options: { bytes?: number; file?: string } = {},
    ): string {
      const bytes = options.bytes ?? 48;
      if (value) return value;
      if (tool) return randomBytes(bytes).toString('base64url');
      if (sharedDatabase) {
        missing.push({ variable, bytes });
        return '';
      }
      const file = options.file ?? variable.toLowerCase().replaceAll('_', '-');
      return generatedSecret(path.join(dataDir, file), bytes);
    },
    check() {
      if (missing.length === 0) return;
      const lines = missing.map(
        ({ variable, bytes }) =>
          `  ${variable}: required when DATABASE_URL is set (every instance must use the same value); generate one with: openssl rand -base64 ${bytes}`,
      );
      throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
    },
  };
}

/** A random secret generated once and kept in a file under DATA_DIR so tokens survive restarts. */
function generatedSecret(file: string, bytes: number): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(bytes).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** 32 key bytes from 64 hex characters or base64/base64url, else null. */
function keyBytes(value: string | undefined): Buffer | null {
  if (!value) return null;
  const raw = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return raw.length === 32 ? raw : null;
}
