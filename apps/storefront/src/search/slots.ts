/**
 * The one place the page's own components meet the search SDK. Everything of `@sitecore-search/react`
 * lives in `search-runtime.tsx`, which is loaded on demand (dynamic `import()`) the first time a slot is
 * registered: the header's search field on focus or first keystroke, the search page, a page with
 * content blocks (product pages load it only for an add to a project: `product-tracker.tsx`). The runtime is ONE React root with ONE `WidgetsProvider` per
 * page load (the SDK's setup is global: a second provider would set it up again and double its event
 * listeners); it renders each registered slot through a portal into the element its owner rendered.
 * This module is tiny and SDK-free, so it costs the first-load bundle almost nothing.
 */

export type SlotSpec =
  | { kind: 'preview'; props: PreviewSlotProps }
  | { kind: 'results'; props: ResultsSlotProps }
  | { kind: 'blocks'; props: BlocksSlotProps };

export interface Slot {
  id: string;
  element: HTMLElement;
  spec: SlotSpec;
}

export interface PreviewOption {
  /** The option element's id (for aria-activedescendant). */
  id: string;
  /** Where choosing it goes. */
  href: string;
  /** Sends the click event; called before navigating. */
  track: () => void;
}

export interface PreviewSlotProps {
  locale: string;
  keyphrase: string;
  listboxId: string;
  activeId: string | null;
  texts: Record<'suggestions' | 'products' | 'noResults' | 'loading' | 'catalogueNumber', string>;
  /** The runtime reports the options it shows, in order, for the field's arrow keys. */
  onOptions: (options: PreviewOption[]) => void;
}

/** The search page's texts (dictionary `search.*`), placeholders such as `{query}` kept. */
export const RESULTS_TEXT_KEYS = [
  'keyphraseLabel',
  'submit',
  'filters',
  'activeFilters',
  'clearFilters',
  'removeFilter',
  'resultsFor',
  'allProducts',
  'count',
  'noResults',
  'loading',
  'error',
  'sortBy',
  'perPage',
  'pagination',
  'page',
  'previous',
  'next',
  'pages',
  'catalogueNumber',
] as const;
export type ResultsTexts = Record<(typeof RESULTS_TEXT_KEYS)[number], string>;

export interface ResultsSlotProps {
  locale: string;
  texts: ResultsTexts;
}

export interface BlocksSlotProps {
  locale: string;
  /** The page's URI as the service's block configuration knows it (locale-neutral path). */
  pageUri: string;
}

type Listener = () => void;

const slots = new Map<string, Slot>();
let snapshot: Slot[] = [];
const listeners = new Set<Listener>();
let runtime: Promise<void> | null = null;

function changed(): void {
  snapshot = [...slots.values()];
  for (const listener of listeners) listener();
}

export function subscribeSlots(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentSlots(): Slot[] {
  return snapshot;
}

/** Starts the runtime (once) and shows `spec` in `element`; calling again with the same id updates it. */
export function registerSlot(id: string, element: HTMLElement, spec: SlotSpec): void {
  slots.set(id, { id, element, spec });
  changed();
  loadSearchRuntime();
}

export function unregisterSlot(id: string): void {
  if (slots.delete(id)) changed();
}

/** Loads and starts the runtime once; a failed load (offline) is retried by the next registration. */
export function loadSearchRuntime(): Promise<void> {
  runtime ??= import('./search-runtime')
    .then((module) => module.startSearchRuntime())
    .catch((error: unknown) => {
      runtime = null;
      console.error('[search] could not load the search runtime', error);
    });
  return runtime;
}
