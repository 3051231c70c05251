import type { ConduitFillTables, StrutSpanTables } from './definitions';

/** Tables for the unit tests, with the published values the dataset uses (converted as the loader does). */

const IN = 25.4;
const thhn = (id: string, label: string, in2: number) => {
  const areaMm2 = in2 * IN ** 2;
  return { id, label, areaMm2, diameterMm: Math.sqrt((4 * areaMm2) / Math.PI) };
};
const h07v = (id: string, label: string, mm: number) => ({
  id,
  label,
  areaMm2: (Math.PI * mm ** 2) / 4,
  diameterMm: mm,
});

export const CONDUIT_TABLES: ConduitFillTables = {
  maxRows: 10,
  maxConductorsPerRow: 100,
  maxCustomDiameterMm: 100,
  limits: [
    { conductors: 1, percent: 53 },
    { conductors: 2, percent: 31 },
    { conductors: 3, percent: 40 },
  ],
  conduitTypes: [
    {
      id: 'emt',
      label: 'EMT conduit',
      sizes: [
        { tradeSize: '1-2-in', label: '1/2 in', internalDiameterMm: 0.622 * IN, sku: 'EMT-050-10' },
        { tradeSize: '3-4-in', label: '3/4 in', internalDiameterMm: 0.824 * IN, sku: 'EMT-075-10' },
        { tradeSize: '1-in', label: '1 in', internalDiameterMm: 1.049 * IN, sku: 'EMT-100-10' },
        { tradeSize: '2-in', label: '2 in', internalDiameterMm: 2.067 * IN, sku: 'EMT-200-10' },
      ],
    },
    {
      id: 'rigid-metric',
      label: 'Rigid conduit',
      sizes: [
        { tradeSize: '16-mm', label: '16 mm', internalDiameterMm: 13.2, sku: 'MRC-16-3M' },
        { tradeSize: '20-mm', label: '20 mm', internalDiameterMm: 16.9, sku: 'MRC-20-3M' },
        { tradeSize: '25-mm', label: '25 mm', internalDiameterMm: 21.4, sku: 'MRC-25-3M' },
      ],
    },
  ],
  conductors: [
    {
      id: 'thhn',
      label: 'THHN/THWN-2 copper',
      unitSystem: 'imperial',
      sizes: [
        thhn('thhn-14', '14 AWG', 0.0097),
        thhn('thhn-12', '12 AWG', 0.0133),
        thhn('thhn-10', '10 AWG', 0.0211),
        thhn('thhn-4-0', '4/0 AWG', 0.3237),
      ],
    },
    {
      id: 'h07v',
      label: 'H07V-R/-U',
      unitSystem: 'metric',
      sizes: [
        h07v('h07v-1-5', '1.5 mm²', 3.3),
        h07v('h07v-2-5', '2.5 mm²', 4.0),
        h07v('h07v-240', '240 mm²', 26.6),
      ],
    },
  ],
};

const strut = (id: string, in4: number, in3: number, lbPerFt: number, sku: string) => ({
  id,
  label: id,
  momentOfInertiaMm4: in4 * IN ** 4,
  sectionModulusMm3: in3 * IN ** 3,
  weightKgPerM: lbPerFt * 1.488_163_944,
  sku,
});

export const STRUT_TABLES: StrutSpanTables = {
  elasticModulusMpa: 29_500_000 * 0.006_894_757_293,
  allowableStressMpa: 25_000 * 0.006_894_757_293,
  maxSpanMm: 6096,
  maxUniformLoadKgPerM: 10_000,
  maxPointLoadKg: 20_000,
  deflectionLimits: [180, 240, 360],
  profiles: [
    strut('solid-41x21-12', 0.0347, 0.0756, 1.26, 'SC-G12-10'),
    strut('solid-41x41-12', 0.185, 0.202, 1.89, 'SC-4141-G12-10'),
    strut('solid-41x62-12', 0.509, 0.38, 2.47, 'SC-4162-G12-10'),
    strut('solid-41x82-12', 1.098, 0.627, 3.05, 'SC-4182-G12-10'),
  ],
};
