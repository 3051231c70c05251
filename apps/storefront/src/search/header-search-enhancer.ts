import { type PreviewOption, type PreviewSlotProps, registerSlot } from './slots';

export interface PreviewFieldOptions {
  /** The field's id. */
  id: string;
  locale: string;
  texts: PreviewSlotProps['texts'];
}

/**
 * Turns the header's server-rendered search field into a WAI-ARIA 1.2 combobox with a listbox popup,
 * loaded on the field's first focus (`search-preview-loader.tsx`), so none of it is in a page's
 * first-load JavaScript. It stays the form's plain `q` field (the GET form submits as before); the
 * preview search widget (`preview.tsx`, rendered by the search runtime into the popup) shows keyphrase
 * suggestions and products and reports its options back. Arrow keys move through the options
 * (aria-activedescendant), Enter opens the active one (or submits the search), Escape closes the popup,
 * leaving the field closes it too.
 */
export function enhanceSearchField(
  field: HTMLInputElement,
  { id, locale, texts }: PreviewFieldOptions,
): void {
  if (field.dataset.preview) return;
  field.dataset.preview = 'on';
  const listboxId = `${id}-preview`;
  const slotId = `preview:${id}`;
  const popup = document.createElement('div');
  popup.className = 'search-preview';
  popup.hidden = true;
  field.after(popup);
  field.setAttribute('role', 'combobox');
  field.setAttribute('aria-autocomplete', 'list');
  field.setAttribute('aria-expanded', 'false');

  let open = false;
  let active = -1;
  let options: PreviewOption[] = [];
  let shown = '';

  const keyphrase = () => field.value.trim();
  const activeId = () => (open && active >= 0 ? (options[active]?.id ?? null) : null);

  function update(): void {
    const expanded = open && keyphrase() !== '';
    const listed = expanded && options.length > 0;
    popup.hidden = !expanded;
    field.setAttribute('aria-expanded', String(listed));
    if (listed) field.setAttribute('aria-controls', listboxId);
    else field.removeAttribute('aria-controls');
    const current = activeId();
    if (current) field.setAttribute('aria-activedescendant', current);
    else field.removeAttribute('aria-activedescendant');
    // The widget follows the typed text only while the popup is open (no requests for a closed popup).
    if (expanded) shown = keyphrase();
    registerSlot(slotId, popup, {
      kind: 'preview',
      props: { locale, keyphrase: shown, listboxId, activeId: current, texts, onOptions },
    });
  }

  function onOptions(next: PreviewOption[]): void {
    if (next === options) return;
    options = next;
    if (active >= options.length) active = -1;
    update();
  }

  field.addEventListener('input', () => {
    open = keyphrase() !== '';
    active = -1;
    update();
  });
  field.addEventListener('keydown', (event) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!keyphrase()) return;
        event.preventDefault();
        if (!open) {
          open = true;
        } else if (count > 0) {
          const next = active + (event.key === 'ArrowDown' ? 1 : -1);
          active = next >= count ? -1 : next < -1 ? count - 1 : next;
        }
        update();
        return;
      }
      case 'Enter': {
        const option = activeId() ? options[active] : undefined;
        if (open && option) {
          event.preventDefault();
          option.track();
          window.location.assign(option.href);
        }
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          open = false;
          active = -1;
          update();
        }
        return;
    }
  });
  field.addEventListener('blur', () => {
    open = false;
    active = -1;
    update();
  });
  // Text typed while this module was loading.
  open = document.activeElement === field && keyphrase() !== '';
  update();
}
