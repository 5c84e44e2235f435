import type { GameVendorInfo } from '@wps/contract/games';
import { describe, expect, it } from 'vitest';
import { vendorChipsFor } from './vendors';

function vendor(code: string, category: GameVendorInfo['category'], displayName = code): GameVendorInfo {
  return { vendor: code, displayName, category, gameCount: 1, logoUrl: '', maintenance: false };
}

const settings = {
  mapping: { PG: 'PG Soft' },
  display: { HIDDEN: false, SHOWN: true },
  vendorSorting: { RNG: ['JILI', 'PG'] },
};

describe('vendorChipsFor', () => {
  it('lists the category vendors, named by mapping, hidden ones left out, merchant order first', () => {
    const vendors = [
      vendor('AAA', 'RNG', 'Triple A'),
      vendor('PG', 'RNG', 'Pocket'),
      vendor('HIDDEN', 'RNG'),
      vendor('JILI', 'RNG'),
      vendor('EVO', 'LIVE'),
      vendor('SHOWN', 'RNG'),
    ];
    expect(
      vendorChipsFor('RNG', vendors, undefined, settings).map((chip) => [chip.vendor, chip.name]),
    ).toEqual([
      ['JILI', 'JILI'],
      ['PG', 'PG Soft'],
      ['AAA', 'Triple A'],
      ['SHOWN', 'SHOWN'],
    ]);
  });

  it('falls back to the category card vendor codes when the vendor call has none', () => {
    const card = { gameClassify: { vendors: ['PG', 'HIDDEN', 'X'] } };
    expect(vendorChipsFor('RNG', null, card, settings).map((chip) => chip.name)).toEqual(['PG Soft', 'X']);
    expect(vendorChipsFor('RNG', [], card, null).map((chip) => chip.name)).toEqual(['PG', 'HIDDEN', 'X']);
  });

  it('is empty without vendors', () => {
    expect(vendorChipsFor('FISH', [vendor('PG', 'RNG')], undefined, settings)).toEqual([]);
  });
});
