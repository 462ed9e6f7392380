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
