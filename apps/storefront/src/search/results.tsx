'use client';

import type { LocaleCode } from '@catalogue/dataset/model';
import { useSearchResults, WidgetDataType, widget } from '@sitecore-search/react';
import { type FormEvent, type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { FoldButton } from '../components/fold-button';
import { itemHref, itemImage, itemName, itemText, type ResultItem } from './links';
import type { ResultsSlotProps, ResultsTexts } from './slots';
import {
  pagerPages,
  RESULTS_PER_PAGE_CHOICES,
  readSearchUrl,
  type SearchUrlState,
  sameSearch,
  searchUrlOf,
} from './url-state';

/**
 * The search results page's widgets (rfkid_7): products with facets, sort, results per page, pagination,
 * clear filters and keyphrase change (spec §4's search-results actions, through the SDK's own actions),
 * and beside them families and pages (the same widget on entity `content`). The state lives in the URL
 * (`url-state.ts`): each change pushes a history entry, back/forward restart the widgets from the URL.
 */

type Texts = ResultsTexts;

function format(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

interface Facet {
  name: string;
  label?: string;
  value?: Array<{ id: string; text: string; count?: number }>;
}

interface WidgetState {
  keyphrase?: string;
  page?: number;
  itemsPerPage?: number;
  sortType?: string;
  selectedFacets?: Array<{
    facetId: string;
    facetValueId?: string;
    valueLabel?: string;
    facetLabel?: string;
  }>;
}

function urlStateOf(state: WidgetState, fallback: SearchUrlState): SearchUrlState {
  return {
    keyphrase: state.keyphrase ?? fallback.keyphrase,
    page: state.page ?? 1,
    itemsPerPage: state.itemsPerPage ?? fallback.itemsPerPage,
    sortType: state.sortType ?? '',
    selectedFacets: (state.selectedFacets ?? []).flatMap((f) =>
      f.facetValueId ? [{ facetId: f.facetId, facetValueId: f.facetValueId }] : [],
    ),
  };
}

interface PanelProps {
  locale: LocaleCode;
  texts: Texts;
  initial: SearchUrlState;
  onState: (state: SearchUrlState) => void;
  onKeyphrase: (keyphrase: string) => void;
}

function ProductResultsPanel({ locale, texts, initial, onState, onKeyphrase }: PanelProps) {
  const {
    widgetRef,
    actions: {
      onFacetClick,
      onRemoveFilter,
      onClearFilters,
      onSortChange,
      onPageNumberChange,
      onResultsPerPageChange,
      onKeyphraseChange,
      onItemClick,
    },
    state,
    queryResult: { isLoading, isFetching, isError, data },
  } = useSearchResults({
    state: {
      keyphrase: initial.keyphrase,
      page: initial.page,
      itemsPerPage: initial.itemsPerPage,
      // Every key present (the SDK re-renders only for keys of the initial state it tracks); no sort in
      // the URL: undefined, so the service's default applies (not an empty sort name).
      sortType: (initial.sortType || undefined) as string,
      selectedFacets: initial.selectedFacets,
    },
  });
  const widgetState = state as WidgetState;
  const urlState = urlStateOf(widgetState, initial);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    onState(urlState);
    onKeyphrase(urlState.keyphrase);
  });

  const response = data as unknown as
    | {
        content?: ResultItem[];
        total_item?: number;
        facet?: Facet[];
        sort?: { choices?: Array<{ name: string; label?: string }> };
        limit?: number;
        offset?: number;
      }
    | undefined;
  const items = (response?.content ?? []).filter((item) => typeof item?.id === 'string');
  const total = response?.total_item ?? 0;
  const perPage = urlState.itemsPerPage;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(urlState.page, pages);
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  const facets = (response?.facet ?? []).filter((f) => Array.isArray(f.value) && f.value.length > 0);
  const sortChoices = response?.sort?.choices ?? [];
  const selected = urlState.selectedFacets;
  const isSelected = (facetId: string, valueId: string) =>
    selected.some((f) => f.facetId === facetId && f.facetValueId === valueId);

  function labelOf(facetId: string, valueId: string): { facet: string; value: string } {
    const facet = facets.find((f) => f.name === facetId);
    const value = facet?.value?.find((v) => v.id === valueId);
    const stored = widgetState.selectedFacets?.find(
      (f) => f.facetId === facetId && f.facetValueId === valueId,
    );
    return {
      facet: facet?.label || stored?.facetLabel || facetId,
      value: value?.text || stored?.valueLabel || valueId,
    };
  }

  function pageHref(target: number): string {
    const query = searchUrlOf({ ...urlState, page: target });
    return query ? `?${query}` : '?';
  }

  function goToPage(event: MouseEvent<HTMLAnchorElement>, target: number): void {
    event.preventDefault();
    onPageNumberChange({ page: target });
    headingRef.current?.focus();
  }

  function submitKeyphrase(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    onKeyphraseChange({ keyphrase: value });
  }

  const busy = isLoading || isFetching;
  const query = urlState.keyphrase;
  return (
    <div ref={widgetRef} className="search-results" data-rfkid="rfkid_7" aria-busy={busy}>
      <search>
        <form className="search-results__form" onSubmit={submitKeyphrase}>
          <label htmlFor="search-results-q">{texts.keyphraseLabel}</label>
          <input
            id="search-results-q"
            name="q"
            type="search"
            defaultValue={query}
            key={query}
            autoComplete="off"
          />
          <button type="submit" className="button">
            {texts.submit}
          </button>
        </form>
      </search>

      <div className="search-results__layout">
        <aside className="search-results__facets fold" aria-labelledby="search-filters-heading">
          <h2 id="search-filters-heading" className="search-results__subtitle">
            {texts.filters}
          </h2>
          <FoldButton
            controls="search-filters"
            container="fold"
            className="button button--secondary fold__button"
          >
            {texts.filters}
          </FoldButton>
          <div id="search-filters" className="fold__body">
            {selected.length > 0 && (
              <div className="search-results__active">
                <h3 className="visually-hidden">{texts.activeFilters}</h3>
                <ul className="search-results__chips">
                  {selected.map((f) => {
                    const label = labelOf(f.facetId, f.facetValueId);
                    return (
                      <li key={`${f.facetId}:${f.facetValueId}`}>
                        <button
                          type="button"
                          className="search-chip"
                          aria-label={format(texts.removeFilter, { name: `${label.facet}: ${label.value}` })}
                          onClick={() =>
                            onRemoveFilter({
                              facetId: f.facetId,
                              facetValueId: f.facetValueId,
                              type: 'valueId',
                            })
                          }
                        >
                          {label.value} <span aria-hidden="true">×</span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
                <button type="button" className="button button--secondary" onClick={() => onClearFilters()}>
                  {texts.clearFilters}
                </button>
              </div>
            )}
            {facets.map((facet, facetIndex) => (
              <fieldset key={facet.name} className="search-facet">
                <legend className="search-facet__title">{facet.label || facet.name}</legend>
                <ul className="search-facet__values">
                  {(facet.value ?? []).map((value, valueIndex) => {
                    const id = `facet-${facetIndex}-${valueIndex}`;
                    return (
                      <li key={value.id} className="search-facet__value">
                        <input
                          type="checkbox"
                          id={id}
                          checked={isSelected(facet.name, value.id)}
                          onChange={(event) =>
                            onFacetClick({
                              facetId: facet.name,
                              facetValueId: value.id,
                              facetIndex,
                              facetValueIndex: valueIndex,
                              checked: event.currentTarget.checked,
                              type: 'valueId',
                            })
                          }
                        />
                        <label htmlFor={id}>
                          {value.text}
                          {typeof value.count === 'number' && (
                            <span className="search-facet__count"> ({value.count})</span>
                          )}
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            ))}
          </div>
        </aside>

        <section className="search-results__main" aria-labelledby="search-results-heading">
          <h2 id="search-results-heading" ref={headingRef} tabIndex={-1} className="search-results__subtitle">
            {query ? format(texts.resultsFor, { query }) : texts.allProducts}
          </h2>
          <div className="search-results__toolbar">
            <p className="search-results__count" role="status">
              {isError
                ? texts.error
                : busy && !data
                  ? texts.loading
                  : total === 0
                    ? format(texts.noResults, { query })
                    : format(texts.count, { from, to, total })}
            </p>
            {sortChoices.length > 0 && (
              <label className="search-results__select">
                {texts.sortBy}{' '}
                <select
                  name="sort"
                  value={urlState.sortType || sortChoices[0]?.name}
                  onChange={(event) => onSortChange({ name: event.currentTarget.value })}
                >
                  {sortChoices.map((choice) => (
                    <option key={choice.name} value={choice.name}>
                      {choice.label || choice.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <label className="search-results__select">
              {texts.perPage}{' '}
              <select
                name="size"
                value={perPage}
                onChange={(event) => onResultsPerPageChange({ numItems: Number(event.currentTarget.value) })}
              >
                {RESULTS_PER_PAGE_CHOICES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
          </div>

          <ol className="search-results__list" start={from || 1}>
            {items.map((item, index) => {
              const image = itemImage(item);
              const description = itemText(item, 'description');
              return (
                <li key={item.id} className="search-result">
                  {image && (
                    // biome-ignore lint/performance/noImgElement: a same-site thumbnail from the service
                    <img
                      className="search-result__image drawing-thumb"
                      src={image}
                      alt=""
                      width={80}
                      height={40}
                      loading="lazy"
                    />
                  )}
                  <div>
                    <a
                      className="search-result__name"
                      href={itemHref(item, 'product', locale)}
                      onClick={() =>
                        onItemClick({
                          id: item.id,
                          index: (page - 1) * perPage + index,
                          sourceId: item.source_id as string | undefined,
                        } as never)
                      }
                    >
                      {itemName(item)}
                    </a>
                    <p className="search-result__number">
                      {texts.catalogueNumber}: <span>{item.id}</span>
                    </p>
                    {description && <p className="search-result__description">{description}</p>}
                  </div>
                </li>
              );
            })}
          </ol>

          {pages > 1 && (
            <nav className="search-pager" aria-label={texts.pagination}>
              <ul>
                {page > 1 && (
                  <li>
                    <a href={pageHref(page - 1)} rel="prev" onClick={(event) => goToPage(event, page - 1)}>
                      {texts.previous}
                    </a>
                  </li>
                )}
                {pagerPages(page, pages).map((number, index) =>
                  number === null ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
                    <li key={`gap-${index}`} aria-hidden="true">
                      …
                    </li>
                  ) : (
                    <li key={number}>
                      <a
                        href={pageHref(number)}
                        aria-current={number === page ? 'page' : undefined}
                        aria-label={format(texts.page, { page: number })}
                        onClick={(event) => goToPage(event, number)}
                      >
                        {number}
                      </a>
                    </li>
                  ),
                )}
                {page < pages && (
                  <li>
                    <a href={pageHref(page + 1)} rel="next" onClick={(event) => goToPage(event, page + 1)}>
                      {texts.next}
                    </a>
                  </li>
                )}
              </ul>
            </nav>
          )}
        </section>
      </div>
    </div>
  );
}

const ProductResults = widget(ProductResultsPanel, WidgetDataType.SEARCH_RESULTS, 'product');

interface ContentPanelProps {
  locale: LocaleCode;
  texts: Texts;
  keyphrase: string;
}

/** Families and content pages for the same keyphrase (rfkid_7 on entity `content`). */
function ContentResultsPanel({ locale, texts, keyphrase }: ContentPanelProps) {
  const {
    widgetRef,
    actions: { onKeyphraseChange, onItemClick },
    queryResult: { data },
  } = useSearchResults({
    state: { keyphrase, itemsPerPage: 6, page: 1 },
  });
  useEffect(() => {
    onKeyphraseChange({ keyphrase });
  }, [keyphrase, onKeyphraseChange]);
  const items = ((data as unknown as { content?: ResultItem[] } | undefined)?.content ?? []).filter(
    (item) => typeof item?.id === 'string',
  );
  if (items.length === 0) return <div ref={widgetRef} />;
  return (
    <section
      ref={widgetRef}
      className="search-content"
      aria-labelledby="search-content-heading"
      data-rfkid="rfkid_7"
    >
      <h2 id="search-content-heading" className="search-results__subtitle">
        {texts.pages}
      </h2>
      <ul className="search-content__list">
        {items.map((item, index) => (
          <li key={item.id} className="search-content__item">
            <a
              href={itemHref(item, 'content', locale)}
              onClick={() =>
                onItemClick({ id: item.id, index, sourceId: item.source_id as string | undefined } as never)
              }
            >
              {itemName(item)}
            </a>
            {itemText(item, 'description') && <p>{itemText(item, 'description')}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

const ContentResults = widget(ContentResultsPanel, WidgetDataType.SEARCH_RESULTS, 'content');

/** The URL query (without `?`) of the current address. */
function currentQuery(): string {
  return window.location.search.replace(/^\?/, '');
}

export function SearchResults({ locale, texts }: ResultsSlotProps) {
  const [initial, setInitial] = useState(() => readSearchUrl(currentQuery()));
  const [generation, setGeneration] = useState(0);
  const [keyphrase, setKeyphrase] = useState(initial.keyphrase);
  const synced = useRef(false);

  // Back/forward: restart the widgets from the address.
  useEffect(() => {
    function popped(): void {
      const next = readSearchUrl(currentQuery());
      setInitial(next);
      setKeyphrase(next.keyphrase);
      setGeneration((g) => g + 1);
      synced.current = false;
    }
    window.addEventListener('popstate', popped);
    return () => window.removeEventListener('popstate', popped);
  }, []);

  const onState = useCallback((state: SearchUrlState) => {
    if (sameSearch(state, readSearchUrl(currentQuery())) && currentQuery() === searchUrlOf(state)) {
      synced.current = true;
      return;
    }
    const query = searchUrlOf(state);
    const url = `${window.location.pathname}${query ? `?${query}` : ''}`;
    // The first state only normalises the address; every later change is a history entry.
    if (synced.current) window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
    synced.current = true;
  }, []);

  return (
    <>
      <ProductResults
        key={`products-${generation}`}
        rfkId="rfkid_7"
        locale={locale as LocaleCode}
        texts={texts}
        initial={initial}
        onState={onState}
        onKeyphrase={setKeyphrase}
      />
      {keyphrase && (
        <ContentResults
          key={`content-${generation}`}
          rfkId="rfkid_7"
          locale={locale as LocaleCode}
          texts={texts}
          keyphrase={keyphrase}
        />
      )}
    </>
  );
}
