/** Composition root of billing: every route, RPC, subscription and job is listed here. */
import path from 'node:path';
import {
  ConfigError,
  openRuntime,
  periodicJob,
  serve,
  type Config,
  type Database,
  type RunningService,
  type RuntimeOptions,
} from '@tracklens/kit';
import { identityClient } from '@tracklens/contracts/clients';
import { userDirectory } from './clients';
import { BillingRepository } from './db/billing.repository';
import { Billing, expirySweepEveryMs } from './domain/billing';
import { systemClock, type Clock } from './domain/plans';
import { onUserRegistered } from './events/on-user-registered.handler';
import { onVideoUploaded } from './events/on-video-uploaded.handler';
import { billingGrpc } from './grpc/billing.grpc';
import { STRIPE_WEBHOOK_PATH, registerBillingRoutes } from './http/billing.routes';
import { devCheckoutUrl, registerDevCheckoutRoutes } from './http/dev-checkout.routes';
import { refundDuplicatePaymentJob } from './jobs/refund-duplicate-payment.job';
import { StripeCheckoutGateway } from './payments/stripe.gateway';

export const migrationsFolder = path.join(__dirname, '..', 'drizzle');

export type ServiceOptions = Omit<RuntimeOptions, 'name' | 'migrationsFolder'> & {
  /** What "this month" and a reservation's expiry go by; tests pass a clock they can move. */
  clock?: Clock;
};

/**
 * Which checkout serves: Stripe with a key; none when payments are disabled; the development checkout otherwise,
 * which grants Pro without payment and so is refused in production.
 */
export function assertPaymentsConfigured(config: Pick<Config, 'isProduction' | 'stripe' | 'billing'>): void {
  const { secretKey } = config.stripe;
  const { paymentsDisabled } = config.billing;
  if (secretKey && paymentsDisabled) {
    throw new ConfigError(['PAYMENTS_DISABLED: set it only without STRIPE_SECRET_KEY (payments cannot be both on and off)']);
  }
  if (config.isProduction && !secretKey && !paymentsDisabled) {
    throw new ConfigError([
      'STRIPE_SECRET_KEY: required in production (the development checkout grants Pro without payment); set PAYMENTS_DISABLED=true to run without payments',
    ]);
  }
}

export async function createBillingService(options: ServiceOptions): Promise<RunningService> {
  const { clock = systemClock, ...runtimeOptions } = options;
  // Before the runtime: a production without a payment provider is refused before anything is opened.
  assertPaymentsConfigured(options.config);
  const runtime = await openRuntime({ ...runtimeOptions, name: 'billing', migrationsFolder });
  const { config, db, logger, poke } = runtime;
  const { stripe } = config;
  const { paymentsDisabled, reservationTtlSeconds } = config.billing;

  const identity = identityClient(config);
  const checkout =
    stripe.secretKey && stripe.priceId
      ? new StripeCheckoutGateway({
          secretKey: stripe.secretKey,
          priceId: stripe.priceId,
          publicUrl: config.publicUrl,
          apiBase: stripe.apiBase,
          logger,
        })
      : null;
  const devCheckout = !checkout && !paymentsDisabled && !config.isProduction;
  const reservationTtlMs = reservationTtlSeconds * 1000;
  const users = userDirectory(identity, logger);
  const billingIn = (database: Database) =>
    new Billing({
      store: new BillingRepository(database),
      clock,
      checkout,
      paymentsDisabled,
      users,
      devCheckoutUrl,
      reservationTtlMs,
      eventsStored: poke,
      logger,
    });
  const billing = billingIn(db);

  return serve(runtime, {
    rawBodyPaths: [STRIPE_WEBHOOK_PATH],
    routes: (app) => {
      registerBillingRoutes(app, {
        billing,
        jwtSecret: config.jwtSecret,
        isProduction: config.isProduction,
        stripe,
      });
      // Only where it may serve: never in production, never beside Stripe, never with payments disabled.
      if (devCheckout) registerDevCheckoutRoutes(app, { billing });
    },
    grpc: [billingGrpc(config.protoDir, billing)],
    subscriptions: [onUserRegistered(logger), onVideoUploaded({ billingIn, logger })],
    jobs: [
      periodicJob('expire-quota-reservations', expirySweepEveryMs(reservationTtlMs), () => billing.expireReservations()),
      refundDuplicatePaymentJob(billing, logger),
    ],
    onStop: async () => identity.close(),
  });
}
