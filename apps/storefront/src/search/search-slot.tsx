'use client';

import { useEffect, useId, useRef } from 'react';
import { registerSlot, type SlotSpec, unregisterSlot } from './slots';

interface SearchSlotProps {
  spec: SlotSpec;
  className?: string;
}

/**
 * A place on a page where the search runtime renders (results, content blocks, product events). The
 * element is empty in the server's HTML; mounting registers it, which loads the runtime on demand.
 */
export function SearchSlot({ spec, className }: SearchSlotProps) {
  const ref = useRef<HTMLDivElement>(null);
  const id = `${spec.kind}:${useId()}`;
  const key = JSON.stringify(spec);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the spec's value
  useEffect(() => {
    if (ref.current) registerSlot(id, ref.current, spec);
  }, [id, key]);
  useEffect(() => () => unregisterSlot(id), [id]);
  return <div ref={ref} className={className} />;
}
