'use client';

import dynamic from 'next/dynamic';

/**
 * The calculators as separate client chunks: rendered on the server as usual, but their code (forms and
 * maths) is fetched only by pages that show one, instead of sitting in the first-load bundle of every
 * family and product page. `next/dynamic` splits only when called from a client module (vercel/next.js#58238).
 */
export const ConduitFillCalculator = dynamic(() =>
  import('./conduit-fill-calculator').then((module) => module.ConduitFillCalculator),
);

export const StrutSpanCalculator = dynamic(() =>
  import('./strut-span-calculator').then((module) => module.StrutSpanCalculator),
);
