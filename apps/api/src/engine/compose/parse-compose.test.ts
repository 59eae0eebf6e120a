import { composeTexts as t } from '@nuage/shared/messages/compose';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_SIZE, parseCompose, stackReservation } from './parse-compose';

const STACK = `
services:
  web:
    image: node:22-slim
    command: ["node", "/srv/server.js"]
    environment:
      DATABASE_HOST: db
      GREETING: "bonjour: tout le monde"
    depends_on:
      db:
        condition: service_healthy
    deploy:
      resources:
        limits:
          cpus: "0.25"
          memory: 256M
  db:
    image: postgres:16
    environment:
      - POSTGRES_PASSWORD=secret
    volumes:
      - pgdata:/var/lib/postgresql/data
    healthcheck:
      test: ["CMD-SHELL", "pg_isready -U postgres"]
      interval: 2s
      timeout: 5s
      retries: 30
volumes:
  pgdata:
    x-taille: 2G
`;

const problemsOf = (text: string) => {
  const r = parseCompose(text);
  expect(r.ok).toBe(false);
  return r.ok ? [] : r.problems;
};
const oneService = (body: string, extra = '') =>
  `services:\n  web:\n    image: nginx:1.27\n${body
    .split('\n')
    .map((l) => (l ? `    ${l}` : l))
    .join('\n')}\n${extra}`;

describe('parseCompose', () => {
  it('reads a two-service stack in start order, with limits, defaults, volumes and health', () => {
    const r = parseCompose(STACK);
    if (!r.ok) throw new Error(r.problems.join('\n'));
    expect(r.stack.services.map((s) => s.name)).toEqual(['db', 'web']);
    const [db, web] = r.stack.services;
    expect(web).toMatchObject({
      image: 'node:22-slim',
      command: ['node', '/srv/server.js'],
      cpuMilli: 250,
      ramMb: 269,
      limited: true,
      dependsOn: [{ service: 'db', healthy: true }],
      environment: [
        { name: 'DATABASE_HOST', value: 'db' },
        { name: 'GREETING', value: 'bonjour: tout le monde' },
      ],
    });
    expect(db).toMatchObject({
      cpuMilli: DEFAULT_SERVICE_SIZE.cpuMilli,
      ramMb: DEFAULT_SERVICE_SIZE.ramMb,
      limited: false,
      volumes: [{ volume: 'pgdata', target: '/var/lib/postgresql/data', readOnly: false }],
      environment: [{ name: 'POSTGRES_PASSWORD', value: 'secret' }],
      healthcheck: {
        test: ['CMD-SHELL', 'pg_isready -U postgres'],
        intervalSeconds: 2,
        timeoutSeconds: 5,
        retries: 30,
        startPeriodSeconds: 0,
      },
    });
    expect(r.stack.volumes).toEqual([{ name: 'pgdata', sizeMb: 2148 }]);
    // The sum of the limits (the default size for the service without any), and the volume.
    expect(stackReservation(r.stack)).toEqual({ cpuMilli: 750, ramMb: 781, storageMb: 2148 });
  });

  it.each([
    ['privileged: true', t.privileged('web')],
    ['volumes:\n  - /etc:/host-etc', t.hostPath('web', '/etc')],
    ['volumes:\n  - ./data:/data', t.hostPath('web', './data')],
    [
      'volumes:\n  - type: bind\n    source: /var/run/docker.sock\n    target: /sock',
      t.hostPath('web', '/var/run/docker.sock'),
    ],
    ['network_mode: host', t.networkModeHost('web')],
    ['network_mode: "service:db"', t.networkMode('web')],
    ['pid: host', t.hostNamespace('web', 'pid')],
    ['ipc: host', t.hostNamespace('web', 'ipc')],
    ['devices:\n  - /dev/fuse:/dev/fuse', t.devices('web')],
    [
      'cap_add:\n  - SYS_ADMIN',
      t.capAdd(
        'web',
        'SYS_ADMIN',
        'CHOWN, DAC_OVERRIDE, FOWNER, SETGID, SETUID, NET_BIND_SERVICE, KILL',
      ),
    ],
    ['ports:\n  - "8080:80"', t.ports('web')],
    ['build: .', t.build('web')],
    ['extends:\n  file: common.yml\n  service: base', t.extendsFile('web')],
    ['security_opt:\n  - seccomp:unconfined', t.securityOpt('web')],
    ['env_file: .env', t.envFile('web')],
    ['volumes_from:\n  - db', t.volumesFrom('web')],
    ['volumes:\n  - cache:/cache', t.volumeUndeclared('web', 'cache')],
    ['deploy:\n  resources:\n    limits:\n      memory: beaucoup', t.memoryInvalid('web')],
    ['depends_on:\n  - ghost', t.dependsOnUnknown('web', 'ghost')],
    ['environment:\n  "A=B": x', t.envNameInvalid('web', 'A=B')],
  ])('refuses %j with its exact French reason', (body, message) => {
    expect(problemsOf(oneService(body))).toEqual([message]);
  });

  it('refuses external networks and volumes, and volume drivers, at their top-level entry', () => {
    const extra = `networks:\n  front:\n    external: true\nvolumes:\n  shared:\n    external: true\n  nfs:\n    driver_opts:\n      type: none\n      device: /srv\n      o: bind\n`;
    expect(problemsOf(oneService('', extra))).toEqual([
      t.externalNetwork('front'),
      t.externalVolume('shared'),
      t.volumeDriver('nfs'),
    ]);
  });

  it('says every problem of a file at once, each naming its service and key', () => {
    const text = `services:
  app:
    image: nginx:1.27
    privileged: true
    ports: ["80:80"]
  worker:
    image: busybox:1.36
    volumes: ["/:/host"]
`;
    expect(problemsOf(text)).toEqual([
      t.privileged('app'),
      t.ports('app'),
      t.hostPath('worker', '/'),
    ]);
  });

  it('refuses waiting for the health of a service that has no healthcheck, and cycles', () => {
    const healthy = `services:
  web:
    image: nginx:1.27
    depends_on:
      db: { condition: service_healthy }
  db:
    image: postgres:16
`;
    expect(problemsOf(healthy)).toEqual([t.healthyWithoutHealthcheck('web', 'db')]);
    const cycle = `services:
  a:
    image: nginx:1.27
    depends_on: [b]
  b:
    image: nginx:1.27
    depends_on: [a]
`;
    expect(problemsOf(cycle)).toEqual([t.dependsOnCycle('a')]);
  });

  it('refuses what the Compose specification does not allow, and what is not YAML', () => {
    expect(problemsOf(oneService('restrat: always'))).toEqual([
      t.schemaInvalid('services.web', 'clé « restrat » inconnue'),
    ]);
    expect(problemsOf('services:\n  web: [\n')[0]).toMatch(/^Le fichier n’est pas un YAML valide/);
    expect(problemsOf('')).toEqual([t.fileRequired]);
    expect(problemsOf('- a\n- b\n')).toEqual([t.notAMapping]);
  });

  it('keeps only the templates’ capabilities, less cap_drop', () => {
    const r = parseCompose(oneService('cap_add: [CHOWN]\ncap_drop: [KILL, NET_BIND_SERVICE]'));
    if (!r.ok) throw new Error(r.problems.join('\n'));
    expect(r.stack.services[0]!.capabilities).toEqual([
      'CHOWN',
      'DAC_OVERRIDE',
      'FOWNER',
      'SETGID',
      'SETUID',
    ]);
  });
});
