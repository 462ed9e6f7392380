import { configure } from 'safe-stable-stringify';

const stringify = configure({ deterministic: true, circularValue: TypeError, bigint: false });

/**
 * JSON with every object's keys sorted and undefined entries left out, so equal
 * values read the same however they were built: what a request fingerprint hashes.
 */
export function canonicalJson(value: unknown): string {
  const json = stringify(value);
  if (json === undefined) throw new TypeError('canonicalJson: nothing to write');
  return json;
}
