import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The money modules' layers, read from their sources: repositories read and write rows (no refusal, no transaction of
 * their own: use cases open it through UnitOfWork), and only ledger/ writes ledger entries (through LedgerService).
 */
const API = join(import.meta.dirname, '../..');
const MONEY_MODULES = ['ledger', 'payouts', 'commissions', 'refunds', 'payments', 'reconciliation', 'orders'];

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourcesUnder(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

const sources = sourcesUnder(API).map((path) => ({ path: relative(API, path), text: readFileSync(path, 'utf8') }));
const moneyRepositories = sources.filter((file) => MONEY_MODULES.some((module) => file.path.startsWith(`modules/${module}/`)) && file.path.endsWith('.repository.ts'));

describe('money modules: use cases decide, repositories read and write rows', () => {
  it('finds the repositories it checks', () => {
    expect(moneyRepositories.map((file) => file.path)).toEqual(expect.arrayContaining(['modules/payouts/payouts.repository.ts', 'modules/ledger/ledger.repository.ts']));
  });

  it('no money repository imports a refusal or opens a transaction', () => {
    const offenders = moneyRepositories.flatMap((file) => [
      ...(/from '[^']*\.errors\.js'/.test(file.text) ? [`${file.path}: imports a domain error`] : []),
      ...(/DomainError|Errors\./.test(file.text) ? [`${file.path}: throws a domain error`] : []),
      ...(/\$transaction/.test(file.text) ? [`${file.path}: opens a transaction`] : []),
    ]);
    expect(offenders).toEqual([]);
  });

  it('only ledger/ writes ledger entries, and outside ledger/ nothing reaches LedgerRepository', () => {
    const writers = sources.filter((file) => /courierLedgerEntry\.(create|createMany|createManyAndReturn|upsert)\b|INSERT INTO courier_ledger_entries/i.test(file.text));
    expect(writers.map((file) => file.path)).toEqual(['modules/ledger/ledger.repository.ts']);
    const users = sources.filter((file) => !file.path.startsWith('modules/ledger/') && /\bLedgerRepository\b/.test(file.text));
    expect(users.map((file) => file.path)).toEqual([]);
  });
});
