/**
 * The category menu's behaviour on its server-rendered `<nav>` (`category-menu.tsx`): a category button
 * opens its panel (`aria-expanded`, `hidden`) and closes the one open before; Escape closes the open panel
 * and puts focus back on its button; focus or a pointer going outside the menu, or following a link in
 * it, closes it. Loaded by `CategoryMenuLoader` at the menu's first use.
 */
export function enhanceCategoryMenu(nav: HTMLElement): { toggle: (button: HTMLButtonElement) => void } {
  let open: HTMLButtonElement | null = null;
  const panelOf = (button: HTMLButtonElement) => {
    const id = button.getAttribute('aria-controls');
    return id ? document.getElementById(id) : null;
  };
  const show = (button: HTMLButtonElement, visible: boolean) => {
    button.setAttribute('aria-expanded', String(visible));
    const panel = panelOf(button);
    if (panel) panel.hidden = !visible;
  };
  const close = () => {
    if (open) show(open, false);
    open = null;
    document.removeEventListener('pointerdown', closeOnOutsidePointer);
  };
  const closeOnOutsidePointer = (event: PointerEvent) => {
    if (!(event.target instanceof Node && nav.contains(event.target))) close();
  };
  const toggle = (button: HTMLButtonElement) => {
    if (open === button) {
      close();
      return;
    }
    close();
    open = button;
    show(button, true);
    document.addEventListener('pointerdown', closeOnOutsidePointer);
  };
  nav.addEventListener('click', (event) => {
    if (!(event.target instanceof Element)) return;
    const button = event.target.closest('button.main-nav__toggle');
    if (button instanceof HTMLButtonElement) toggle(button);
    else if (event.target.closest('a')) close();
  });
  nav.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    const button = open;
    close();
    button.focus();
  });
  nav.addEventListener('focusout', (event) => {
    const next = event.relatedTarget;
    if (open && !(next instanceof Node && nav.contains(next))) close();
  });
  return { toggle };
}
