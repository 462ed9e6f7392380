import { silentLogger } from '@quitute/infra/logging';
import type { Mail } from '@quitute/infra/mail';
import { createPaymentProcessCommands } from './process-commands';
import { paymentProcessCommandsContract } from './process-commands-contract';
import { now } from './testing';

paymentProcessCommandsContract('in process', {
  commands: (shop) =>
    createPaymentProcessCommands({
      eventStore: shop.eventStore,
      snapshotStore: shop.snapshotStore,
      logger: silentLogger,
      mailer: { send: async (mail: Mail) => void shop.mails.push(mail) },
      now,
      ordering: { gateway: shop.gateway },
    }),
});
