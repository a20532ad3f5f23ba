/** Composition root of billing: every route, RPC and subscription is listed here. */
import path from 'node:path';
import { openRuntime, serve, type RunningService, type RuntimeOptions } from '@tracklens/kit';
import { identityClient } from '@tracklens/contracts/clients';
import { userDirectory } from './clients';
import { BillingRepository } from './db/billing.repository';
import { Billing } from './domain/billing';
import { systemClock, type Clock } from './domain/plans';
import { onUserRegistered } from './events/on-user-registered.handler';
import { billingGrpc } from './grpc/billing.grpc';
import { STRIPE_WEBHOOK_PATH, registerBillingRoutes } from './http/billing.routes';
import { devCheckoutUrl, registerDevCheckoutRoutes } from './http/dev-checkout.routes';
import { StripeCheckoutGateway } from './payments/stripe.gateway';

export const migrationsFolder = path.join(__dirname, '..', 'drizzle');

export type ServiceOptions = Omit<RuntimeOptions, 'name' | 'migrationsFolder'> & {
  /** What "this month" is; tests pass a clock they can move. */
  clock?: Clock;
};

export async function createBillingService(options: ServiceOptions): Promise<RunningService> {
  const { clock = systemClock, ...runtimeOptions } = options;
  const runtime = await openRuntime({ ...runtimeOptions, name: 'billing', migrationsFolder });
  const { config, db, logger } = runtime;
  const { stripe } = config;

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
  if (!checkout && config.isProduction) {
    logger.warn('STRIPE_SECRET_KEY is not set: the built-in development checkout grants Pro without payment');
  }
  const billing = new Billing({
    store: new BillingRepository(db),
    clock,
    checkout,
    users: userDirectory(identity, logger),
    devCheckoutUrl,
  });

  return serve(runtime, {
    rawBodyPaths: [STRIPE_WEBHOOK_PATH],
    routes: (app) => {
      registerBillingRoutes(app, {
        billing,
        jwtSecret: config.jwtSecret,
        isProduction: config.isProduction,
        stripe,
      });
      registerDevCheckoutRoutes(app, { billing });
    },
    grpc: [billingGrpc(config.protoDir, billing)],
    subscriptions: [onUserRegistered(logger)],
    onStop: async () => identity.close(),
  });
}
