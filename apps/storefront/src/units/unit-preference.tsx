'use client';

import type { UnitSystem } from '@catalogue/dataset/model';
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from '../browser/cookies';
import { effectiveUnitSystem, UNIT_SYSTEM_COOKIE, unitSystemOf } from './unit-system';
import { UNITS_DATASET_KEY } from './units-guard-script';

interface LocaleUnits {
  defaultUnitSystem: UnitSystem;
  showsMetricToggle: boolean;
  /** The choice the server read from the cookie (used while hydrating). */
  initialChoice: UnitSystem | null;
}

const LocaleUnitsContext = createContext<LocaleUnits>({
  defaultUnitSystem: 'metric',
  showsMetricToggle: false,
  initialChoice: null,
});

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Gives the page's measurements and the toggle the locale's unit rules. */
export function UnitPreferenceProvider({ children, ...units }: LocaleUnits & { children: ReactNode }) {
  return <LocaleUnitsContext.Provider value={units}>{children}</LocaleUnitsContext.Provider>;
}

/** The unit system in force, whether the locale lets the visitor change it, and the setter. */
export function useUnitSystem(): {
  system: UnitSystem;
  togglable: boolean;
  choose: (system: UnitSystem) => void;
} {
  const units = useContext(LocaleUnitsContext);
  const choice = useSyncExternalStore(
    subscribe,
    () => unitSystemOf(readCookie(UNIT_SYSTEM_COOKIE)),
    () => units.initialChoice,
  );
  return {
    system: effectiveUnitSystem(units, choice),
    togglable: units.showsMetricToggle,
    choose: (system) => {
      writeCookie(UNIT_SYSTEM_COOKIE, system);
      // The drawings follow the attribute the pre-paint script set (units-guard-script.ts).
      document.documentElement.dataset[UNITS_DATASET_KEY] = system;
      for (const listener of listeners) listener();
    },
  };
}
