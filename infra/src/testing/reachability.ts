import { describe, it } from 'vitest';

/**
 * Contract suites run against every adapter whose server can be reached. Where
 * one cannot, the suite says so in a `skipped: <adapter>: <reason>` line — a
 * skip is never silent.
 */

export type TestServer = { url: string; stop: () => Promise<void> } | { skipped: string };

export function reportSkip(adapter: string, reason: string): void {
  console.log(`skipped: ${adapter}: ${reason}`);
}

/**
 * Finds a server for an adapter's contract suite: the URL in `envVar` when set
 * (a set URL that does not answer is a failure, not a skip), otherwise a
 * container started through testcontainers, otherwise a skip with the reason.
 */
export async function resolveTestServer(options: {
  adapter: string;
  envVar: string;
  startContainer?: () => Promise<{ url: string; stop: () => Promise<void> }>;
}): Promise<TestServer> {
  const fromEnv = process.env[options.envVar];
  if (fromEnv) return { url: fromEnv, stop: async () => {} };
  if (!options.startContainer) {
    const skipped = `${options.envVar} is not set`;
    reportSkip(options.adapter, skipped);
    return { skipped };
  }
  try {
    return await options.startContainer();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const skipped = `${options.envVar} is not set and no container runtime for testcontainers (${reason})`;
    reportSkip(options.adapter, skipped);
    return { skipped };
  }
}

/**
 * Defines the suites that need a server: the one named by `envVar`, else
 * `defaultUrl`. An unreachable default is a printed skip; an unreachable server
 * that the variable names is a failure.
 */
export async function describeWithServer(
  options: {
    adapter: string;
    envVar: string;
    defaultUrl: string;
    /** Undefined when the server answers, else why it does not. */
    probe: (url: string) => Promise<string | undefined>;
  },
  title: string,
  define: (url: string) => void,
): Promise<void> {
  const fromEnv = process.env[options.envVar];
  const url = fromEnv || options.defaultUrl;
  const unreachable = await options.probe(url);
  if (unreachable === undefined) {
    describe(title, () => define(url));
  } else if (fromEnv) {
    describe(title, () => {
      it(`reaches the server named by ${options.envVar}`, () => {
        throw new Error(`${options.envVar} is set but the server does not answer: ${unreachable}`);
      });
    });
  } else {
    reportSkip(
      options.adapter,
      `${options.envVar} is not set and ${url} does not answer (${unreachable})`,
    );
    describe.skip(title, () => {
      it(`needs a ${options.adapter} server`, () => {});
    });
  }
}
