import { describe, expect, it } from 'vitest';
import type { DatabaseSpec } from '../../spec';
import { countTablesCommand, dumpCommand, loadCommand } from './dump-commands';

const hostile = `x"; rm -rf / #\`$(id)'`;

function db(engine: 'mariadb' | 'postgresql' | 'redis'): DatabaseSpec {
  return { engine, databaseName: hostile, user: hostile } as DatabaseSpec;
}

describe('database commands of backups', () => {
  it.each(['mariadb', 'postgresql'] as const)(
    '%s: names and passwords reach the shell as variables, never as command text',
    (engine) => {
      const secrets = { 'db-root-password': hostile, 'db-password': hostile };
      for (const command of [
        dumpCommand(db(engine), secrets),
        loadCommand(db(engine), secrets, '/tmp/dump'),
        countTablesCommand(db(engine), secrets),
      ]) {
        expect(command.cmd.join(' ')).not.toContain(hostile);
        expect(command.cmd.join(' ')).not.toContain('rm -rf');
        expect(command.env).toContain(`DB=${hostile}`);
      }
    },
  );

  it('dumps MariaDB in one transaction and PostgreSQL in the custom format', () => {
    expect(dumpCommand(db('mariadb'), {}).cmd[2]).toContain('--single-transaction');
    expect(dumpCommand(db('postgresql'), {}).cmd[2]).toMatch(/pg_dump -Fc/);
  });

  it('snapshots Redis through a file (no end marker), its password in REDISCLI_AUTH only', () => {
    const secrets = { 'db-password': hostile };
    for (const command of [
      dumpCommand(db('redis'), secrets),
      countTablesCommand(db('redis'), secrets),
    ]) {
      expect(command.cmd.join(' ')).not.toContain(hostile);
      expect(command.env).toEqual([`REDISCLI_AUTH=${hostile}`]);
    }
    expect(dumpCommand(db('redis'), secrets).cmd[2]).toMatch(
      /redis-cli --no-auth-warning --rdb "\$f" >&2; cat "\$f"/,
    );
  });
});
