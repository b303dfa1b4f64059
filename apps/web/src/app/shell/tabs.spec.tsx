/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { clientTabs, STAFF_TABS, SUPER_ADMIN_TABS } from './tabs';

const labels = (tabs: readonly { label: string }[]) => tabs.map((tab) => tab.label);

describe('the tabs of each account (issue 40)', () => {
  it('shows « Développeurs » to a merchant only, before « Profil »', () => {
    expect(labels(clientTabs({ is_merchant: false }))).toEqual(['Accueil', 'Nouvelle course', 'Mes courses', 'Suivi GPS', 'Profil']);
    expect(labels(clientTabs(undefined))).not.toContain('Développeurs');
    expect(labels(clientTabs({ is_merchant: true }))).toEqual(['Accueil', 'Nouvelle course', 'Mes courses', 'Suivi GPS', 'Développeurs', 'Profil']);
  });

  it('gives every back office « Marchands », after « Lieux »', () => {
    for (const tabs of [STAFF_TABS, SUPER_ADMIN_TABS]) expect(labels(tabs).indexOf('Marchands')).toBe(labels(tabs).indexOf('Lieux') + 1);
  });
});
