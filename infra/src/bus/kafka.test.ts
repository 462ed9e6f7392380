import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { resolveTestServer } from '../testing';
import { busContract } from './contract';
import { createKafkaBus } from './kafka';

/**
 * A single-node KRaft broker. Its advertised address must be the host port
 * Docker maps, known only once the container runs, so the container waits for
 * a start script that is copied in after start.
 */
async function startKafka(): Promise<{ url: string; stop: () => Promise<void> }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('apache/kafka:3.9.1')
    .withExposedPorts(9092)
    .withEnvironment({
      KAFKA_NODE_ID: '1',
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_LISTENERS: 'PLAINTEXT://0.0.0.0:9092,BROKER://0.0.0.0:9093,CONTROLLER://0.0.0.0:9094',
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP:
        'PLAINTEXT:PLAINTEXT,BROKER:PLAINTEXT,CONTROLLER:PLAINTEXT',
      KAFKA_INTER_BROKER_LISTENER_NAME: 'BROKER',
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9094',
      CLUSTER_ID: '4L6g3nShT-eMCtK--X86sw',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      KAFKA_LOG_DIRS: '/tmp/kraft-combined-logs',
    })
    .withCommand([
      'sh',
      '-c',
      'echo waiting-for-start-script; while [ ! -f /tmp/start.sh ]; do sleep 0.1; done; exec sh /tmp/start.sh',
    ])
    .withWaitStrategy(Wait.forLogMessage('waiting-for-start-script'))
    .start();
  const address = `${container.getHost()}:${container.getMappedPort(9092)}`;
  await container.copyContentToContainer([
    {
      content: `export KAFKA_ADVERTISED_LISTENERS=PLAINTEXT://${address},BROKER://localhost:9093\nexec /etc/kafka/docker/run\n`,
      target: '/tmp/start.sh',
    },
  ]);
  await waitForBroker(address);
  return {
    url: address,
    stop: async () => {
      await container.stop();
    },
  };
}

async function waitForBroker(address: string): Promise<void> {
  const { Kafka, logLevel } = await import('kafkajs');
  const admin = new Kafka({
    clientId: 'quitute-test-probe',
    brokers: [address],
    logLevel: logLevel.NOTHING,
    retry: { retries: 30, initialRetryTime: 300, maxRetryTime: 2_000 },
  }).admin();
  try {
    await admin.connect();
    await admin.listTopics();
  } finally {
    await admin.disconnect();
  }
}

const server = await resolveTestServer({
  adapter: 'kafka',
  envVar: 'QUITUTE_TEST_KAFKA_BROKERS',
  startContainer: startKafka,
});

if ('skipped' in server) {
  describe('Bus contract: kafka', () => {
    it.skip(`skipped: ${server.skipped}`, () => {});
  });
} else {
  afterAll(() => server.stop());

  busContract('kafka', async () => {
    const bus = await createKafkaBus({
      brokers: server.url.split(',').map((broker) => broker.trim()),
      clientId: `quitute-test-${randomUUID()}`,
      logLevel: 'error',
    });
    return {
      bus,
      // A broker has no "idle" to ask about: give deliveries a few fetch rounds.
      settle: () => new Promise((resolve) => setTimeout(resolve, 3_000)),
      cleanup: () => bus.close(),
    };
  });
}
