import { composeTexts as t } from '@nuage/shared/messages/compose';
import { describe, expect, it } from 'vitest';
import { parseCompose } from './parse-compose';
import { resolveBuilds } from './resolve-builds';

const file = (build: string) => `services:
  web:
${build}
  db:
    image: postgres:16
`;

const servicesOf = (text: string, dir = '') => {
  const parsed = parseCompose(text, { buildsFrom: dir });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  return parsed.stack.services;
};
const problemsOf = (text: string, dir = '') => {
  const parsed = parseCompose(text, { buildsFrom: dir });
  return parsed.ok ? [] : parsed.problems;
};

describe('build: in a Compose file read from the repository', () => {
  it('reads a context folder, its Dockerfile and arguments, relative to the file’s folder', () => {
    const [db, web] = servicesOf(
      file(`    build:
      context: ./app
      dockerfile: docker/Dockerfile.prod
      args:
        NODE_ENV: production
        VERSION: 3`),
      'deploy',
    );
    expect(db!.build).toBeNull();
    expect(web).toMatchObject({
      image: '',
      build: {
        context: 'deploy/app',
        dockerfile: 'docker/Dockerfile.prod',
        args: { NODE_ENV: 'production', VERSION: '3' },
      },
    });
  });

  it('takes the short form, the root, a list of arguments, and drops the image that only names the build', () => {
    const [, web] = servicesOf(file(`    image: acme/web:dev\n    build: .`));
    expect(web).toMatchObject({ image: '', build: { context: '.', dockerfile: 'Dockerfile' } });
    const [, listed] = servicesOf(
      file(`    build:\n      context: ..\n      args: ["A=1", "B=deux"]`),
      'deploy',
    );
    expect(listed!.build).toEqual({
      context: '.',
      dockerfile: 'Dockerfile',
      args: { A: '1', B: 'deux' },
    });
  });

  it('refuses a context or Dockerfile outside the repository, a remote context and other keys, each with its reason', () => {
    expect(problemsOf(file(`    build: ../..`), 'deploy')).toEqual([
      t.buildContext('web', '../..'),
    ]);
    expect(problemsOf(file(`    build: /etc`))).toEqual([t.buildContext('web', '/etc')]);
    expect(problemsOf(file(`    build: https://github.com/acme/web.git`))).toEqual([
      t.buildContext('web', 'https://github.com/acme/web.git'),
    ]);
    expect(
      problemsOf(file(`    build:\n      context: app\n      dockerfile: ../Dockerfile`)),
    ).toEqual([t.buildDockerfile('web', '../Dockerfile')]);
    expect(
      problemsOf(
        file(
          `    build:\n      context: app\n      network: host\n      dockerfile_inline: FROM scratch`,
        ),
      ),
    ).toEqual([t.buildKey('web', 'network'), t.buildKey('web', 'dockerfile_inline')]);
    expect(problemsOf(file(`    build:\n      context: app\n      args: ["SANS_VALEUR"]`))).toEqual(
      [t.buildArg('web', 'SANS_VALEUR')],
    );
  });

  it('is refused in a pasted file, as before', () => {
    const parsed = parseCompose(file('    build: .'));
    expect(parsed.ok ? [] : parsed.problems).toEqual([t.build('web')]);
  });

  it('resolves to the file its release runs: the built image in place of build:, the rest kept', () => {
    const text = `# la pile
services:
  web:
    build: ./app # construit
    environment:
      A: "1"
  db:
    image: postgres:16
`;
    const resolved = resolveBuilds(text, new Map([['web', 'nuage-builds/abc/web:build-2']]));
    expect(resolved).toContain('# la pile');
    expect(resolved).not.toContain('build:');
    const parsed = parseCompose(resolved);
    expect(parsed.ok && parsed.stack.services.map((s) => [s.name, s.image, s.build])).toEqual([
      ['db', 'postgres:16', null],
      ['web', 'nuage-builds/abc/web:build-2', null],
    ]);
  });
});
