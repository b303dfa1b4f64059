// The rules of docs/architecture.md and docs/conventions.md that a machine can check, read from the source itself.
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
// @ts-expect-error: a plain ES module of the project's scripts, without types
import { cycles, importsOf, layerOf, read, roomGraph, roomOf, sourceFiles } from '../../scripts/lib/import-graph.mjs';

type Arrow = { from: string; to: string; count?: number };
const files: string[] = sourceFiles();
const apiFiles = files.filter((file) => file.startsWith('apps/api/src/'));
const repositories = apiFiles.filter((file) => file.endsWith('.repository.ts'));

describe('the house', () => {
  it('has no import cycle between files', () => {
    const arrows: Arrow[] = files.flatMap((file) => importsOf(file).map((to: string) => ({ from: file, to })));
    expect(cycles(arrows)).toEqual([]);
  });

  it('has no circle between folders either (a module, a piece of common/, a feature)', () => {
    expect(cycles(roomGraph(files))).toEqual([]);
  });

  it('has no import running back up a layer (domain < contracts < common < modules < the app)', () => {
    const up = (roomGraph(files) as Arrow[]).filter((arrow) => layerOf(arrow.to) > layerOf(arrow.from));
    expect(up).toEqual([]);
  });

  it('keeps common/ free of any module', () => {
    const leaks = apiFiles
      .filter((file) => file.includes('/common/'))
      .flatMap((file) => importsOf(file).filter((to: string) => roomOf(to).startsWith('api:modules/')).map((to: string) => `${file} → ${to}`));
    expect(leaks).toEqual([]);
  });

  it('cites no document outside the repository in code, tests or docs', () => {
    const everything = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.(ts|tsx|mjs|js|css|md|json|ya?ml|html)$/.test(file) && !file.startsWith('test/e2e/architecture'));
    const citing = everything.filter((file) => {
      try {
        return /DESIGN §|DESIGN\.md|STYLE\.md|STYLE: "|\.\.\/shared\//.test(read(file));
      } catch {
        return false; // listed but gone
      }
    });
    expect(citing).toEqual([]);
  });

  it('shows a current picture of the modules in docs/architecture.md', () => {
    expect(() => execFileSync('node', ['scripts/module-graph.mjs', '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});

describe('where decisions live', () => {
  it('finds the repositories it checks', () => {
    expect(repositories.length).toBeGreaterThan(25);
  });

  it('no repository imports or throws a domain error, or opens a transaction (use cases open it through UnitOfWork)', () => {
    const offenders = repositories.flatMap((file) => {
      const text = read(file);
      return [
        ...(/from '[^']*\.errors\.js'/.test(text) ? [`${file}: imports a domain error`] : []),
        ...(/DomainError|Errors\./.test(text) ? [`${file}: throws a domain error`] : []),
        ...(/\$transaction/.test(text) ? [`${file}: opens a transaction`] : []),
      ];
    });
    expect(offenders).toEqual([]);
  });

  it('only ledger/ writes ledger entries, and outside ledger/ nothing reaches LedgerRepository', () => {
    const writers = apiFiles.filter((file) => /courierLedgerEntry\.(create|createMany|createManyAndReturn|upsert)\b|INSERT INTO courier_ledger_entries/i.test(read(file)));
    expect(writers).toEqual(['apps/api/src/modules/ledger/ledger.repository.ts']);
    const users = apiFiles.filter((file) => !file.startsWith('apps/api/src/modules/ledger/') && /\bLedgerRepository\b/.test(read(file)));
    expect(users).toEqual([]);
  });

  it('reads on the replica only figures that may lag: the analytics, the dashboard and the audit statistics (issue 41)', () => {
    const readers = apiFiles.filter((file) => !file.endsWith('.spec.ts') && /\.figures\(/.test(read(file)));
    expect(readers.sort()).toEqual(['apps/api/src/modules/admin/analytics.repository.ts', 'apps/api/src/modules/super-admin/super-admin.repository.ts']);
  });

  it('relays outbox events with no branch per event type and no cast: each module registers its handlers', () => {
    const relay = read('apps/api/src/common/outbox/outbox-relay.ts');
    expect(relay).not.toMatch(/\.type === '|case '|as unknown as/);
  });
});
