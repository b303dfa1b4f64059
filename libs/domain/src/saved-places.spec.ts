import { describe, expect, it } from '@jest/globals';
import { savedPlaceLabelKey } from './saved-places.js';

describe('savedPlaceLabelKey', () => {
  it('makes labels differing only by case and spaces the same', () => {
    expect(savedPlaceLabelKey('  Maison ')).toBe(savedPlaceLabelKey('maison'));
    expect(savedPlaceLabelKey('Chez  Tantie')).toBe('chez tantie');
  });

  it('keeps different labels apart', () => {
    expect(savedPlaceLabelKey('Bureau')).not.toBe(savedPlaceLabelKey('Maison'));
  });
});
