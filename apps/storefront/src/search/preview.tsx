'use client';

import type { LocaleCode } from '@catalogue/dataset/model';
import { usePreviewSearch, WidgetDataType, widget } from '@sitecore-search/react';
import { useEffect, useMemo } from 'react';
import { itemHref, itemImage, itemName, type ResultItem, searchHref } from './links';
import type { PreviewOption, PreviewSlotProps } from './slots';

/** Suggestion lists asked for (spec §7: keyphrase suggestions), and how many products. */
export const PREVIEW_SUGGESTIONS = [{ suggestion: 'keyphrase', max: 5 }];
export const PREVIEW_PRODUCTS = 6;

interface Suggestion {
  text: string;
}

/**
 * The header's preview search (rfkid_6): keyphrase suggestions and top products for what the visitor
 * types, as a listbox the header's combobox field drives (search/header-search.tsx owns the field, the
 * keys and aria-activedescendant; this widget renders the options and reports them back). Options are
 * not links (no focusable content inside options): a click or Enter on the active option sends the
 * SDK's click event, then navigates.
 */
function PreviewPanel({ locale, keyphrase, listboxId, activeId, texts, onOptions }: PreviewSlotProps) {
  const {
    widgetRef,
    actions: { onKeyphraseChange, onItemClick, onSuggestionClick },
    queryResult: { isFetching, isError, data },
  } = usePreviewSearch({
    state: { keyphrase, suggestionsList: PREVIEW_SUGGESTIONS, itemsPerPage: PREVIEW_PRODUCTS },
  });

  useEffect(() => {
    onKeyphraseChange({ keyphrase });
  }, [keyphrase, onKeyphraseChange]);

  const response = data as unknown as
    | { suggestion?: Record<string, Suggestion[]>; content?: ResultItem[] }
    | undefined;
  const suggestions = useMemo(
    () =>
      Object.entries(response?.suggestion ?? {}).flatMap(([name, list]) =>
        (Array.isArray(list) ? list : [])
          .filter((s): s is Suggestion => typeof s?.text === 'string' && s.text !== '')
          .map((s) => ({ name, text: s.text })),
      ),
    [response],
  );
  const products = useMemo(
    () => (response?.content ?? []).filter((item) => typeof item?.id === 'string'),
    [response],
  );

  const options = useMemo<
    Array<PreviewOption & { label: string; kind: 'suggestion' | 'product'; item?: ResultItem }>
  >(() => {
    const code = locale as LocaleCode;
    return [
      ...suggestions.map((s, index) => ({
        id: `${listboxId}-s${index}`,
        kind: 'suggestion' as const,
        label: s.text,
        href: searchHref(code, s.text),
        track: () =>
          onSuggestionClick({
            name: s.name,
            title: s.name,
            value: s.text,
            displayName: s.text,
            uri: '',
          } as never),
      })),
      ...products.map((item, index) => ({
        id: `${listboxId}-p${index}`,
        kind: 'product' as const,
        label: itemName(item),
        item,
        href: itemHref(item, 'product', code),
        track: () =>
          onItemClick({ id: item.id, index, sourceId: item.source_id as string | undefined } as never),
      })),
    ];
  }, [suggestions, products, listboxId, locale, onItemClick, onSuggestionClick]);

  useEffect(() => {
    onOptions(options);
  }, [options, onOptions]);

  function choose(option: PreviewOption): void {
    option.track();
    window.location.assign(option.href);
  }

  const suggestionOptions = options.filter((o) => o.kind === 'suggestion');
  const productOptions = options.filter((o) => o.kind === 'product');
  const status =
    isFetching && options.length === 0
      ? texts.loading
      : options.length === 0 && (data || isError)
        ? texts.noResults
        : '';

  return (
    <div ref={widgetRef} className="search-preview__panel" data-rfkid="rfkid_6">
      {options.length > 0 && (
        <div role="listbox" id={listboxId} aria-label={texts.products} className="search-preview__listbox">
          {suggestionOptions.length > 0 && (
            // biome-ignore lint/a11y/useSemanticElements: a group inside a listbox
            <div role="group" aria-labelledby={`${listboxId}-sh`} className="search-preview__group">
              <div id={`${listboxId}-sh`} className="search-preview__heading" role="presentation">
                {texts.suggestions}
              </div>
              {suggestionOptions.map((option) => (
                // biome-ignore lint/a11y/useFocusableInteractive: options are reached with aria-activedescendant
                // biome-ignore lint/a11y/useKeyWithClickEvents: the field handles the keys
                <div
                  key={option.id}
                  id={option.id}
                  role="option"
                  aria-selected={option.id === activeId}
                  className="search-preview__option"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                >
                  {option.label}
                </div>
              ))}
            </div>
          )}
          {productOptions.length > 0 && (
            // biome-ignore lint/a11y/useSemanticElements: a group inside a listbox
            <div role="group" aria-labelledby={`${listboxId}-ph`} className="search-preview__group">
              <div id={`${listboxId}-ph`} className="search-preview__heading" role="presentation">
                {texts.products}
              </div>
              {productOptions.map((option) => {
                const image = option.item ? itemImage(option.item) : null;
                return (
                  // biome-ignore lint/a11y/useFocusableInteractive: options are reached with aria-activedescendant
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the field handles the keys
                  <div
                    key={option.id}
                    id={option.id}
                    role="option"
                    aria-selected={option.id === activeId}
                    className="search-preview__option search-preview__option--product"
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(option)}
                  >
                    {image && (
                      // biome-ignore lint/performance/noImgElement: the product drawing's same-site thumbnail (2:1); the option's text names it
                      <img
                        className="search-preview__image"
                        src={image}
                        alt=""
                        width={48}
                        height={24}
                        loading="lazy"
                      />
                    )}
                    <span className="search-preview__name">{option.label}</span>
                    <span className="search-preview__number">
                      <span className="visually-hidden">{texts.catalogueNumber} </span>
                      {option.item?.id}
                    </span>
                  </div>
                );
              })}
            </div>
          )}
        </div>
      )}
      <p className="search-preview__status" role="status">
        {status}
      </p>
    </div>
  );
}

const PreviewWidget = widget(PreviewPanel, WidgetDataType.PREVIEW_SEARCH, 'product');

export function PreviewSearch(props: PreviewSlotProps) {
  return <PreviewWidget rfkId="rfkid_6" {...props} />;
}
