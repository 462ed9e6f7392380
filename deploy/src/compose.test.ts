import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkPaymentsEnv,
  commonEnv,
  loadConfig,
  paymentsEnv,
  proxyEnv,
  PUBLISHED_SECRETS,
} from '@quitute/infra/config';
import { securityHeaders } from '@quitute/infra/http';
import { listenOnFreePort } from '@quitute/infra/testing';
import {
  createComposeValidator,
  formatSchemaErrors,
  healthcheckCommand,
  interpolate,
  InterpolationError,
  loadComposeFile,
  loadComposeFiles,
  namedVolumes,
  resolvedEnvironment,
  type ComposeService,
} from './compose';
import {
  copyInstructions,
  copyProblems,
  dockerIgnore,
  execCommand,
  parseDockerfile,
  readDockerfile,
  sourceOf,
  type Stage,
} from './dockerfile';
import { readManifest, runtimeGraph } from './imports';
import { maps, proxiedAddresses, readNginxConf, route, servers, type Directive } from './nginx';

/**
 * No Docker engine runs in CI, so the distributed topology is proven the way
 * it can be: the compose file against the Compose Specification schema, every
 * Dockerfile against the files of its build context, and nginx's routing
 * against ARCHITECTURE §7.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const { document, compose } = loadComposeFile(root);
/** The demonstration setup: `docker compose -f docker-compose.yml -f docker-compose.demo.yml`. */
const demoFile = 'docker-compose.demo.yml';
const demo = loadComposeFiles(root, ['docker-compose.yml', demoFile]);
const validate = createComposeValidator();

const service = (name: string, from = compose): ComposeService => {
  const found = from.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
};

/**
 * The Node image every Node stage uses: the LTS line CI runs on (.node-version,
 * 24: supported until April 2028), pinned to the same minor.
 */
const [nodeMajor, nodeMinor] = readFileSync(path.join(root, '.node-version'), 'utf8')
  .trim()
  .split('.');
const nodeImage = new RegExp(`^node:${nodeMajor}\\.${nodeMinor}-bookworm-slim$`);

/** The Node services, the store addresses each main.ts needs, and its port. */
const nodeServices = [
  // MONGO_URL: the lease of the process managers, which run in one replica at a time.
  { name: 'command-api', port: '3001', reads: ['EVENTSTORE_URL', 'MONGO_URL'] },
  { name: 'projections', port: '3003', reads: ['EVENTSTORE_URL', 'MONGO_URL'] },
  { name: 'query-api', port: '3002', reads: ['MONGO_URL'] },
];

const builtServices = Object.entries(compose.services).flatMap(([name, s]) =>
  s.build ? [{ name, context: s.build.context, dockerfile: s.build.dockerfile }] : [],
);

const dockerfilePath = (name: string) => {
  const build = service(name).build;
  if (!build) throw new Error(`${name} is not built`);
  return path.join(root, build.context, build.dockerfile);
};

const finalStage = (stages: Stage[]): Stage => {
  const stage = stages.at(-1);
  if (!stage) throw new Error('Dockerfile has no FROM');
  return stage;
};

const runs = (stage: Stage) => stage.instructions.filter((i) => i.keyword === 'RUN');

describe('docker-compose.yml against the Compose Specification', () => {
  it('given the compose file, when validated with the compose-spec schema, then there are no errors', () => {
    const errors = validate(document);

    expect(errors, formatSchemaErrors(errors)).toEqual([]);
  });

  it('given the demonstration override, when validated alone and merged into the compose file, then there are no errors', () => {
    const override = loadComposeFile(root, demoFile).document;

    for (const errors of [validate(override), validate(demo.document)]) {
      expect(errors, formatSchemaErrors(errors)).toEqual([]);
    }
  });

  it('given two compose files, when merged as compose does, then mappings merge key by key and other values are replaced', () => {
    expect(service('command-api', demo.compose).environment).toMatchObject({
      ...service('command-api').environment,
      PAYMENT_SIMULATOR: 'on',
    });
    expect(service('query-api', demo.compose)).toEqual(service('query-api'));
  });

  const structuredCopy = (): Record<string, unknown> =>
    z.record(z.string(), z.unknown()).parse(structuredClone(document));
  const withService = (patch: Record<string, unknown>) => {
    const copy = structuredCopy();
    const services = z.record(z.string(), z.record(z.string(), z.unknown())).parse(copy.services);
    copy.services = { ...services, web: { ...services.web, ...patch } };
    return copy;
  };

  it.each([
    {
      broken: 'an unknown service key',
      document: () => withService({ restart_policy: 'always' }),
      at: '/services/web',
    },
    {
      broken: 'ports given as a number',
      document: () => withService({ ports: 8080 }),
      at: '/services/web/ports',
    },
    {
      broken: 'a port mapping that is not one',
      document: () => withService({ ports: ['80:http'] }),
      at: '/services/web/ports/0',
    },
    {
      broken: 'a healthcheck interval that is not a duration',
      document: () =>
        withService({ healthcheck: { test: ['CMD', 'true'], interval: '5 seconds' } }),
      at: '/services/web/healthcheck/interval',
    },
    {
      broken: 'an unknown depends_on condition',
      document: () => withService({ depends_on: { 'query-api': { condition: 'service_ready' } } }),
      at: '/services/web/depends_on',
    },
    {
      broken: 'an unknown top-level key',
      document: () => ({ ...structuredCopy(), servics: {} }),
      at: '',
    },
  ])(
    'given a copy with $broken, when validated, then it is rejected at $at',
    ({ document: broken, at }) => {
      const errors = validate(broken());

      expect(errors.length).toBeGreaterThan(0);
      expect(errors.map((error) => error.instancePath)).toContain(at);
    },
  );
});

describe('docker-compose.yml wiring', () => {
  it('given the services, then every depends_on names a defined service, waiting for health only where there is a healthcheck', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      for (const [dependency, condition] of Object.entries(s.depends_on)) {
        expect(Object.keys(compose.services), `${name} depends on ${dependency}`).toContain(
          dependency,
        );
        if (condition === 'service_healthy') {
          expect(
            healthcheckCommand(service(dependency)),
            `${dependency} needs a healthcheck`,
          ).toBeDefined();
        }
      }
    }
  });

  it('given the services, then every named volume they mount is declared', () => {
    const declared = Object.keys(compose.volumes);
    for (const s of Object.values(compose.services)) {
      for (const volume of namedVolumes(s)) expect(declared).toContain(volume);
    }
    expect(namedVolumes(service('eventstore'))).toHaveLength(1);
    expect(namedVolumes(service('mongo')).length).toBeGreaterThan(0);
    expect(namedVolumes(service('kafka'))).toHaveLength(1);
  });

  it('given the stores, then KurrentDB, MongoDB and Kafka run as single insecure / replica-set / KRaft nodes', () => {
    const eventstore = service('eventstore');
    expect(eventstore.image).toMatch(/^kurrentplatform\/kurrentdb:25\.1/);
    expect(eventstore.environment).toMatchObject({
      KURRENTDB_CLUSTER_SIZE: '1',
      KURRENTDB_INSECURE: 'true',
      KURRENTDB_ENABLE_ATOM_PUB_OVER_HTTP: 'true',
    });
    expect(healthcheckCommand(eventstore)).toContain('/health/live');

    const mongo = service('mongo');
    expect(mongo.image).toBe('mongo:7.0');
    expect(healthcheckCommand(mongo)).toContain('rs.initiate');

    const kafka = service('kafka');
    expect(kafka.image).toBe('apache/kafka:3.9.1');
    expect(kafka.environment).toMatchObject({ KAFKA_PROCESS_ROLES: 'broker,controller' });
  });

  it('given KurrentDB, then it runs no projections: nothing reads their output, and the standard ones fill $all with link events every read pages through', () => {
    expect(service('eventstore').environment).toMatchObject({
      KURRENTDB_RUN_PROJECTIONS: 'None',
      KURRENTDB_START_STANDARD_PROJECTIONS: 'false',
    });
  });

  it.each(nodeServices)(
    'given $name, then every store service its environment names is one it waits for, healthy',
    ({ name }) => {
      const env = service(name).environment;
      const named = Object.values(env).flatMap((value) =>
        value
          .split(',')
          .map((address) => /^(?:[a-z]+:\/\/)?([\w.-]+):\d+/.exec(address)?.[1])
          .filter((host) => host !== undefined && host in compose.services),
      );

      expect(named.length).toBeGreaterThan(0);
      for (const host of named) {
        const condition = service(name).depends_on[host ?? ''];
        expect(condition, `${name} names ${host}`).toBe(
          healthcheckCommand(service(host ?? '')) ? 'service_healthy' : 'service_started',
        );
      }
    },
  );

  it('given query-api, whose socket.io gateway consumes the bus, then it waits for Kafka', () => {
    expect(service('query-api').depends_on['kafka']).toBe('service_healthy');
  });

  it.each(nodeServices)(
    'given $name, then the variables it reads are set to values its config accepts',
    ({ name, port, reads }) => {
      const env = service(name).environment;

      for (const variable of [...reads, 'PORT'])
        expect(env, `${name} reads ${variable}`).toHaveProperty(variable);
      expect(env.PORT).toBe(port);
      expect(() => loadConfig(z.object(commonEnv), env)).not.toThrow();
    },
  );

  it.each(nodeServices)(
    'given $name, then its store addresses reach the store services as they listen',
    ({ name }) => {
      const env = service(name).environment;

      if (env.EVENTSTORE_URL !== undefined) {
        const url = new URL(env.EVENTSTORE_URL);
        expect(url.protocol).toBe('esdb:');
        expect(url.hostname).toBe('eventstore');
        expect(url.port).toBe(service('eventstore').environment.KURRENTDB_NODE_PORT ?? '2113');
        // An insecure node speaks plain HTTP/2; the client must not try TLS.
        expect(url.searchParams.get('tls')).toBe('false');
      }
      if (env.MONGO_URL !== undefined) {
        const url = new URL(env.MONGO_URL);
        const command = z.array(z.string()).parse(service('mongo').command);
        expect(url.hostname).toBe('mongo');
        expect(url.port || '27017').toBe('27017');
        expect(url.searchParams.get('replicaSet')).toBe(command[command.indexOf('--replSet') + 1]);
      }
      if (env.KAFKA_BROKERS !== undefined) {
        const advertised = (service('kafka').environment.KAFKA_ADVERTISED_LISTENERS ?? '')
          .split(',')
          .map((listener) => listener.replace(/^\w+:\/\//, ''));
        for (const broker of env.KAFKA_BROKERS.split(',')) expect(advertised).toContain(broker);
      }
    },
  );

  it.each(nodeServices)(
    'given $name, then its healthcheck asks its own /health on its PORT',
    ({ name, port }) => {
      expect(healthcheckCommand(service(name))).toContain(`http://127.0.0.1:${port}/health`);
    },
  );

  it.each([
    ['command-api', ['JWT_SECRET', 'CAPTCHA_HMAC_KEY']],
    ['query-api', ['JWT_SECRET', 'CAPTCHA_HMAC_KEY']],
  ])(
    'given %s, then its secrets %j have no default: compose stops with a message naming the variable',
    (name, variables) => {
      const env = service(name).environment;
      for (const variable of variables) {
        expect(env[variable], variable).toMatch(
          new RegExp(`^\\$\\{${variable}:\\?[^}]*\\.env[^}]*openssl rand[^}]*\\}$`),
        );
      }
    },
  );

  it('given the compose file, then no published secret appears in it', () => {
    const text = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    for (const secret of PUBLISHED_SECRETS) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/(JWT_SECRET|CAPTCHA_HMAC_KEY):?-/);
  });

  it.each(['command-api', 'query-api'])(
    'given %s behind nginx, then it trusts exactly one proxy hop',
    (name) => {
      const env = service(name).environment;
      expect(env.TRUST_PROXY).toBe('1');
      expect(loadConfig(z.object(proxyEnv), env).TRUST_PROXY).toBe(1);
    },
  );

  it.each(['command-api', 'query-api'])(
    'given %s scales horizontally, then it has no container_name and no host port',
    (name) => {
      expect(service(name).container_name).toBeUndefined();
      expect(service(name).ports).toEqual([]);
    },
  );

  it('given the web service, then it is published on 8080, to nginx listening on 80', () => {
    expect(service('web').ports).toEqual(['8080:80']);
    const listens = (servers(readNginxConf(path.join(root, 'web/nginx.conf')))[0]?.block ?? [])
      .filter((d) => d.name === 'listen')
      .map((d) => d.args[0]);
    expect(listens).toEqual(['80']);
  });
});

describe('docker-compose.yml payments (issue 10)', () => {
  /** What README tells people to put in .env: the two secrets, nothing else. */
  const dotEnv = {
    JWT_SECRET: 'j'.repeat(48),
    CAPTCHA_HMAC_KEY: 'c'.repeat(48),
  };
  const imageEnv = (name: string) =>
    Object.fromEntries(
      finalStage(readDockerfile(dockerfilePath(name)))
        .instructions.filter((i) => i.keyword === 'ENV')
        .map((i) => i.args.split('=', 2)),
    );
  /** command-api's payment settings as its main.ts checks them, in the container compose starts. */
  const commandApiPayments = (vars: Record<string, string>, from = compose) =>
    loadConfig(
      z.object({ ...paymentsEnv, NODE_ENV: z.string().optional() }).superRefine(checkPaymentsEnv),
      { ...imageEnv('command-api'), ...resolvedEnvironment(service('command-api', from), vars) },
    );

  it('given interpolation as compose does it, then defaults, empty values and required variables behave alike', () => {
    expect(interpolate('${A-on}', {})).toBe('on');
    expect(interpolate('${A-on}', { A: '' })).toBe('');
    expect(interpolate('${A:-on}', { A: '' })).toBe('on');
    expect(interpolate('x${A}y$$', { A: '1' })).toBe('x1y$');
    expect(() => interpolate('${A:?put it in .env}', { A: '' })).toThrow(
      new InterpolationError('A: put it in .env'),
    );
  });

  it('given only the two secrets in .env, then command-api refuses to start in the production image: the simulator is never the default', () => {
    expect(imageEnv('command-api')).toMatchObject({ NODE_ENV: 'production' });

    expect(() => commandApiPayments(dotEnv)).toThrow(/MP_ACCESS_TOKEN must be set in production/);
  });

  it('given PAYMENT_SIMULATOR=on in .env alone, then the default stack still refuses: the simulator is the demonstration file’s choice', () => {
    expect(service('command-api').environment).not.toHaveProperty('PAYMENT_SIMULATOR');
    expect(() => commandApiPayments({ ...dotEnv, PAYMENT_SIMULATOR: 'on' })).toThrow(
      /MP_ACCESS_TOKEN must be set in production/,
    );
  });

  it('given Mercado Pago in .env, then command-api starts on it', () => {
    expect(
      commandApiPayments({
        ...dotEnv,
        MP_ACCESS_TOKEN: 'APP_USR-0000000000',
        MP_WEBHOOK_SECRET: 'segredo-do-webhook-0123',
      }),
    ).toMatchObject({ MP_ACCESS_TOKEN: 'APP_USR-0000000000' });
  });

  it('given the demonstration file, then command-api starts on the simulator with only the two secrets in .env', () => {
    const config = commandApiPayments(dotEnv, demo.compose);

    expect(config).toMatchObject({ PAYMENT_SIMULATOR: 'on' });
    expect(config.MP_ACCESS_TOKEN).toBeUndefined();
  });

  it('given Mercado Pago variables in .env, then command-api gets them all and query-api the ones that pick the card form', () => {
    const mercadoPago = {
      MP_ACCESS_TOKEN: 'APP_USR-0000000000',
      MP_WEBHOOK_SECRET: 'segredo-do-webhook-0123',
      MP_PUBLIC_KEY: 'APP_USR-public',
      MP_API_URL: 'http://127.0.0.1:9',
    };

    expect(
      resolvedEnvironment(service('command-api'), { ...dotEnv, ...mercadoPago }),
    ).toMatchObject(mercadoPago);
    expect(resolvedEnvironment(service('query-api'), { ...dotEnv, ...mercadoPago })).toMatchObject({
      MP_ACCESS_TOKEN: mercadoPago.MP_ACCESS_TOKEN,
      MP_PUBLIC_KEY: mercadoPago.MP_PUBLIC_KEY,
    });
  });

  it('given the simulator keeps its payments in one process, then the demonstration runs one command-api replica', () => {
    const deploy = z
      .object({ replicas: z.number() })
      .parse(service('command-api', demo.compose)['deploy']);

    expect(deploy.replicas).toBe(1);
  });

  it('given the generated admin password’s file and the simulator’s state in DATA_DIR, then it is a named volume there, on a folder the image gives to the node user, and the compose file says where the password is', () => {
    const dataDir = service('command-api').environment.DATA_DIR ?? '';
    const stage = finalStage(readDockerfile(dockerfilePath('command-api')));
    const userAt = stage.instructions.findIndex((i) => i.keyword === 'USER');
    const chown = runs(stage).find((run) => run.args.includes(`chown node:node ${dataDir}`));

    expect(dataDir).toMatch(/^\//);
    expect(service('command-api').volumes).toContain(`command-api-data:${dataDir}`);
    expect(Object.keys(compose.volumes)).toContain('command-api-data');
    expect(chown && stage.instructions.indexOf(chown)).toBeLessThan(userAt);
    expect(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')).toContain(
      `docker compose exec command-api cat ${dataDir}/admin-password.txt`,
    );
  });

  it('given the projections service, then it reaches Kafka and calls no other service: the process managers run in command-api', () => {
    const env = resolvedEnvironment(service('projections'), dotEnv);
    const config = loadConfig(z.object(commonEnv), env);

    expect(config.KAFKA_BROKERS).toEqual(['kafka:19092']);
    expect(Object.keys(env).filter((name) => /COMMAND_API|INTERNAL/.test(name))).toEqual([]);
  });

  it('given command-api runs the process managers, then it reads PAYMENT_RECONCILE_INTERVAL_MS and waits for MongoDB, where their lease is', () => {
    const commandApi = service('command-api');

    expect(commandApi.environment).toHaveProperty('PAYMENT_RECONCILE_INTERVAL_MS');
    expect(commandApi.depends_on['mongo']).toBe('service_healthy');
  });
});

describe('Dockerfiles and their build context', () => {
  it('given every Dockerfile, then each Node stage is on one supported LTS line pinned to a minor (Node 20 ended on 2026-04-30), the same in all', () => {
    const nodeStages = builtServices.flatMap(({ name }) =>
      readDockerfile(dockerfilePath(name)).filter((stage) => stage.image.startsWith('node:')),
    );

    expect(nodeStages.map((stage) => stage.image)).toHaveLength(4);
    for (const stage of nodeStages) expect(stage.image).toMatch(nodeImage);
    expect(new Set(nodeStages.map((stage) => stage.image)).size).toBe(1);
  });

  it('given the web image, then nginx is a current stable line (1.30: stable lines have even minors), pinned to it', () => {
    const serving = finalStage(readDockerfile(dockerfilePath('web'))).image;
    const [, minor] = /^nginx:1\.(\d+)-alpine$/.exec(serving) ?? [];

    expect(Number(minor) % 2).toBe(0);
    expect(Number(minor)).toBeGreaterThanOrEqual(30);
  });

  it('given the compose file, then the four application services are built from the repository root', () => {
    expect(builtServices.map((s) => s.name).sort()).toEqual([
      'command-api',
      'projections',
      'query-api',
      'web',
    ]);
  });

  it.each(builtServices)(
    'given $name, then its context and Dockerfile exist and every COPY source is in the context',
    ({ name, context, dockerfile }) => {
      expect(existsSync(path.join(root, context)), `context ${context}`).toBe(true);
      expect(existsSync(dockerfilePath(name)), `${dockerfile}`).toBe(true);

      expect(copyProblems(path.join(root, context), readDockerfile(dockerfilePath(name)))).toEqual(
        [],
      );
    },
  );

  it('given a Dockerfile copying a missing folder, globs and an ignored folder, when checked, then what would not build is reported', () => {
    const stages = parseDockerfile(
      [
        'FROM node:20-bookworm-slim AS build',
        'WORKDIR /app',
        'COPY nowhere/ ./',
        'COPY */package.json ./',
        'COPY nowhere-*/x ./',
        'COPY node_modules ./',
        'FROM nginx:1.27-alpine',
        'COPY --from=build /app/dist /usr/share/nginx/html',
      ].join('\n'),
    );

    expect(copyProblems(root, stages)).toEqual([
      'line 3: nowhere/ does not exist',
      'line 5: nowhere-*/x does not exist',
      'line 6: node_modules is excluded by .dockerignore',
    ]);
  });

  it('given .dockerignore, then dependencies, data, the web build and git stay out of the context', () => {
    const ignored = dockerIgnore(root);
    for (const p of [
      'node_modules',
      'web/node_modules/vite',
      'data/events',
      'web/dist/index.html',
      '.git/HEAD',
      'coverage',
    ]) {
      expect(ignored(p), p).toBe(true);
    }
    for (const p of ['package.json', 'web/src', 'infra/src/config/index.ts'])
      expect(ignored(p), p).toBe(false);
  });

  describe.each(nodeServices)('$name image', ({ name, port }) => {
    const stages = readDockerfile(dockerfilePath(name));
    const stage = finalStage(stages);
    const cmd = execCommand(stage) ?? [];
    const entry = cmd.at(-1) ?? '';
    const npmCi = runs(stage).find((run) => /\bnpm ci\b/.test(run.args));

    it('given the Dockerfile, then it installs production dependencies of its workspace and the root (tsx)', () => {
      expect(stage.image).toMatch(nodeImage);
      expect(npmCi?.args).toMatch(/--omit=dev/);
      expect(npmCi?.args).toContain(`--workspace @quitute/${name}`);
      expect(npmCi?.args).toMatch(/--include-workspace-root/);
      expect(Object.keys(readManifest(root).dependencies)).toContain('tsx');
    });

    it('given the Dockerfile, then it runs as node in production on its PORT with tsx', () => {
      const keywords = (keyword: string) =>
        stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
      expect(keywords('USER').at(-1)).toBe('node');
      expect(keywords('ENV')).toContain('NODE_ENV=production');
      expect(keywords('EXPOSE')).toEqual([port]);
      expect(cmd).toEqual(['node', '--import', 'tsx', `${name}/src/main.ts`]);
    });

    it('given the CMD, then its entry point exists and is copied to the same place under WORKDIR', () => {
      expect(existsSync(path.join(root, entry)), `${entry} exists`).toBe(true);
      expect(sourceOf(root, stage, `/app/${entry}`)?.file).toBe(entry);
    });

    it('given what the entry point imports, then every source file is in the image and every package is a production dependency installed by npm ci', () => {
      const graph = runtimeGraph(root, entry);
      const npmCiAt = npmCi ? stage.instructions.indexOf(npmCi) : -1;
      expect(npmCiAt).toBeGreaterThan(-1);

      const missing = graph.files.filter(
        (file) => sourceOf(root, stage, `/app/${file}`)?.file !== file,
      );
      expect(missing, 'source files not copied').toEqual([]);

      for (const dir of ['.', ...graph.workspaceDirs]) {
        const manifest = path.posix.join(dir, 'package.json');
        const copied = sourceOf(root, stage, path.posix.join('/app', manifest));
        expect(copied?.file, `${manifest} copied`).toBe(manifest);
        expect(copied?.copy.index ?? Infinity, `${manifest} copied before npm ci`).toBeLessThan(
          npmCiAt,
        );
      }
      // Workspace packages included: npm ci --workspace links only what the manifests declare.
      for (const [pkg, importers] of graph.packages) {
        for (const importer of importers) {
          expect(
            Object.keys(readManifest(root, importer).dependencies),
            `${importer} imports ${pkg}`,
          ).toContain(pkg);
        }
      }
    });
  });

  describe('web image', () => {
    const stages = readDockerfile(dockerfilePath('web'));
    const [build, serve] = stages;

    it('given the build stage, then it installs the web workspace with contracts and builds it with vite', () => {
      expect(build?.image).toMatch(nodeImage);
      const commands = build ? runs(build).map((run) => run.args) : [];
      expect(commands.find((c) => /\bnpm ci\b/.test(c))).toContain('--workspace @quitute/web');
      expect(commands).toContain('npm run build -w @quitute/web');
      for (const file of [
        'package.json',
        'package-lock.json',
        'contracts/package.json',
        'web/package.json',
        'contracts/src/index.ts',
      ]) {
        expect(build && sourceOf(root, build, `/app/${file}`)?.file, file).toBe(file);
      }
    });

    it('given the serving stage, then nginx serves the build and uses web/nginx.conf', () => {
      expect(stages).toHaveLength(2);
      expect(serve?.image).toBe('nginx:1.30-alpine');
      const copies = serve ? copyInstructions(serve) : [];
      expect(copies).toContainEqual(
        expect.objectContaining({
          from: build?.name,
          sources: ['/app/web/dist'],
          destination: '/usr/share/nginx/html',
        }),
      );
      expect(serve && sourceOf(root, serve, '/etc/nginx/conf.d/default.conf')?.file).toBe(
        'web/nginx.conf',
      );
    });
  });
});

describe('web/nginx.conf routing (ARCHITECTURE §7)', () => {
  const conf = readNginxConf(path.join(root, 'web/nginx.conf'));
  const commandApi = `command-api:${service('command-api').environment.PORT}`;
  const queryApi = `query-api:${service('query-api').environment.PORT}`;

  it.each([
    ['GET', '/api/products?busca=coxinha', queryApi],
    ['HEAD', '/api/products', queryApi],
    ['GET', '/api/admin/dashboard/sales-today', queryApi],
    ['POST', '/api/auth/login', commandApi],
    ['PUT', '/api/users/profile', commandApi],
    ['PATCH', '/api/admin/reviews/r1/approve', commandApi],
    ['POST', '/api/reviews', commandApi],
    ['POST', '/api/reviews/r1/report', commandApi],
    ['DELETE', '/api/admin/reviews/r1', commandApi],
    ['GET', '/api/reviews', queryApi],
    ['GET', '/api/admin/reviews?page=2', queryApi],
    ['POST', '/api/cookie-consent', commandApi],
    ['POST', '/api/chatbot', queryApi],
    ['POST', '/api/chatbot/', commandApi],
    ['DELETE', '/api/admin/products/p1', commandApi],
    ['POST', '/api/admin/products/photos', commandApi],
    ['GET', `/photos/${'a'.repeat(64)}.webp`, queryApi],
    ['HEAD', `/photos/${'a'.repeat(64)}.webp`, queryApi],
    ['GET', '/carrinho/u1', queryApi],
    ['POST', '/carrinho', commandApi],
    ['POST', '/carrinho/sync', commandApi],
    ['DELETE', '/carrinho/u1', commandApi],
    ['GET', '/payments/process-payment/p1', queryApi],
    ['POST', '/payments/mercadopago/transparent-checkout', commandApi],
    ['POST', '/payments/cancel-payment', commandApi],
    ['POST', '/payments/webhook?data.id=123&type=payment', commandApi],
    ['GET', '/simulator/payments/123', commandApi],
    ['HEAD', '/simulator/payments/123', commandApi],
    ['POST', '/simulator/payments/123/approve', commandApi],
    ['POST', '/simulator/payments/123/reject', commandApi],
    ['POST', '/simulator/card_tokens', commandApi],
    ['GET', '/health', queryApi],
  ])(
    'given %s %s, then it is proxied to %s with the client address forwarded',
    (method, url, target) => {
      const result = route(conf, method, url);

      expect(result).toMatchObject({ kind: 'proxy', target });
      if (result.kind !== 'proxy') return;
      expect(result.headers.get('host')).toBe('$host');
      expect(result.headers.get('x-forwarded-for')).toBe('$remote_addr');
    },
  );

  it.each(['GET', 'POST'])(
    'given socket.io %s (websocket upgrade or polling), then it goes to query-api with the upgrade headers',
    (method) => {
      const result = route(conf, method, '/socket.io/?EIO=4&transport=polling');

      expect(result).toMatchObject({ kind: 'proxy', target: queryApi, websocket: true });
      if (result.kind !== 'proxy') return;
      expect(result.headers.get('x-forwarded-for')).toBe('$remote_addr');
    },
  );

  it.each(['/', '/cardapio', '/carrinho', '/admin/pedidos', '/my-orders/o1', '/nao-existe'])(
    'given a browser GET of %s, then the SPA answers (index.html fallback)',
    (url) => {
      const result = route(conf, 'GET', url);

      expect(result.kind).toBe('static');
      if (result.kind !== 'static') return;
      if (result.uri !== '/index.html') expect(result.tryFiles.at(-1)).toBe('/index.html');
    },
  );

  it('given a browser GET of /cardapio, then its prerendered page without a query, index.html with one (as the embedded server)', () => {
    expect(route(conf, 'GET', '/cardapio')).toMatchObject({
      kind: 'static',
      tryFiles: ['$cardapio_page', '/index.html'],
    });
    expect(maps(conf).get('$cardapio_page')).toEqual({
      source: '$args',
      entries: new Map([
        ['', '/cardapio.html'],
        ['default', '/index.html'],
      ]),
    });
  });

  it('given a missing fingerprinted asset, then it is a 404, not the SPA', () => {
    expect(route(conf, 'GET', '/assets/index-abc123.js')).toMatchObject({
      kind: 'static',
      tryFiles: ['$uri', '=404'],
    });
  });

  it('given every address nginx can proxy to, then it is a compose service on the PORT that service listens on', () => {
    const addresses = proxiedAddresses(conf);

    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) {
      const [host = '', port] = address.split(':');
      expect(Object.keys(compose.services), address).toContain(host);
      expect(service(host).environment.PORT, address).toBe(port);
    }
    expect(addresses).toEqual(expect.arrayContaining([commandApi, queryApi]));
  });

  it("given scaled services, then names are resolved at request time through Docker's DNS", () => {
    expect(conf.find((d) => d.name === 'resolver')?.args[0]).toBe('127.0.0.11');
  });
});

const named = (directives: Directive[], name: string) => directives.filter((d) => d.name === name);

describe('web/nginx.conf headers and logs', () => {
  const conf = readNginxConf(path.join(root, 'web/nginx.conf'));
  const server = servers(conf)[0]?.block ?? [];
  const fileLocations = named(server, 'location').filter(
    (location) =>
      named(location.block ?? [], 'proxy_pass').length === 0 &&
      named(location.block ?? [], 'return').length === 0,
  );

  /** What the embedded server's helmet sends over plain http, by lower-cased name. */
  async function embeddedHeaders(): Promise<Map<string, string>> {
    const app = express();
    app.use(securityHeaders({ https: false }));
    app.get('/', (_req, res) => {
      res.end();
    });
    const listening = await listenOnFreePort(app);
    try {
      const response = await fetch(listening.url);
      const transport = ['connection', 'content-length', 'date', 'keep-alive'];
      return new Map([...response.headers].filter(([name]) => !transport.includes(name)));
    } finally {
      await listening.close();
    }
  }

  it('given the files nginx serves, then every such location sends the embedded security headers, always', async () => {
    const expected = await embeddedHeaders();
    expect(expected.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(expected.get('x-frame-options')).toBe('SAMEORIGIN');

    expect(fileLocations.map((location) => location.args.join(' ')).sort()).toEqual([
      '/',
      '/assets/',
      '= /cardapio',
      '= /index.html',
    ]);
    for (const location of fileLocations) {
      const headers = named(location.block ?? [], 'add_header').filter(
        (header) => header.args[0]?.toLowerCase() !== 'cache-control',
      );
      const where = `location ${location.args.join(' ')}`;
      expect(
        new Map(headers.map(({ args: [name = '', value = ''] }) => [name.toLowerCase(), value])),
        where,
      ).toEqual(expected);
      for (const header of headers)
        expect(header.args.at(-1), `${where} ${header.args[0]}`).toBe('always');
    }
  });

  it('given the server block, then no add_header sits there (it would be silently dropped in every location above)', () => {
    expect(named(server, 'add_header')).toEqual([]);
  });

  it('given a password-reset link, then the access log records /reset/[redacted], never the token or the referrer', () => {
    const loggable = maps(conf).get('$loggable_uri');
    expect(loggable?.source).toBe('$request_uri');
    expect(loggable?.entries.get('~^/reset/')).toBe('/reset/[redacted]');
    expect(loggable?.entries.get('default')).toBe('$request_uri');

    const format = named(conf, 'log_format').find((d) => d.args[0] === 'redacted');
    const line = format?.args.slice(1).join('') ?? '';
    expect(line).toContain('$loggable_uri');
    expect(line).not.toMatch(
      /\$request\b|\$request_uri|\$uri|\$args|\$query_string|\$http_referer/,
    );
    expect(named(server, 'access_log').map((d) => d.args)).toEqual([
      ['/var/log/nginx/access.log', 'redacted'],
    ]);
    expect(route(conf, 'GET', '/reset/abc123')).toMatchObject({ kind: 'static' });
  });
});
