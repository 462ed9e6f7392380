import { Router } from 'express';
import { paymentSimulatorRouter, type PaymentSimulator } from '@quitute/infra/payment-gateway';
import type { OrderingOptions } from './options';
import { internalPaymentProcessRoutes } from './internal-routes';
import { createPaymentProcessCommands, type PaymentProcessDeps } from './process-commands';

/** What command-api on its own serves beside the shop's routes (distributed topology). */
export interface PaymentServiceOptions {
  /** The simulator while it is the provider: its pages and card tokenizer are mounted. */
  simulator?: PaymentSimulator | null | undefined;
  /**
   * INTERNAL_API_TOKEN: the payment process commands are served to the
   * projections service on /internal/payment-process/… behind it; not mounted
   * without one.
   */
  internalApiToken?: string | undefined;
}

/**
 * The simulator's surface and the internal process endpoint, each only when
 * configured. Mounted before the shop's JSON body parser: both parse their own
 * bodies, the internal one only after the caller proved who it is.
 */
export function paymentServiceRoutes(
  deps: Omit<PaymentProcessDeps, 'ordering'> &
    PaymentServiceOptions & { ordering?: OrderingOptions | undefined },
): Router {
  const router = Router();
  if (deps.simulator) router.use(paymentSimulatorRouter(deps.simulator));
  if (deps.internalApiToken) {
    const { ordering } = deps;
    if (!ordering)
      throw new Error('the internal payment process endpoint needs the ordering options');
    const commands = createPaymentProcessCommands({ ...deps, ordering });
    router.use(internalPaymentProcessRoutes({ commands, token: deps.internalApiToken }));
  }
  return router;
}
