'use client';

import { lazy, Suspense } from 'react';
import type { TrackingConfig } from '../config';

const TrackingScripts = lazy(() =>
  import('./tracking-scripts').then((module) => ({ default: module.TrackingScripts })),
);

/**
 * The third-party scripts' component, in a chunk of its own: the shell renders this only when at least
 * one script is configured (`hasTrackingScripts`), so an installation without any does not download it.
 */
export function TrackingScriptsLoader({ config }: { config: TrackingConfig }) {
  return (
    <Suspense fallback={null}>
      <TrackingScripts config={config} />
    </Suspense>
  );
}
