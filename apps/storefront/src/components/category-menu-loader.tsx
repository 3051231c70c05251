'use client';

import { useEffect, useRef } from 'react';

/**
 * All the category menu costs a page's first load: it renders an empty `<template>` inside the menu's
 * `<nav>` and loads `category-menu-enhancer.ts` when the visitor first points at, focuses or clicks the
 * menu; a click on a category button before the module arrives opens that panel once it has.
 */
export function CategoryMenuLoader() {
  const marker = useRef<HTMLTemplateElement>(null);
  useEffect(() => {
    const nav = marker.current?.parentElement;
    if (!nav) return;
    let pending: HTMLButtonElement | null = null;
    let loading = false;
    const load = () => {
      if (loading) return;
      loading = true;
      void import('./category-menu-enhancer').then((module) => {
        detach();
        const menu = module.enhanceCategoryMenu(nav);
        if (pending) menu.toggle(pending);
      });
    };
    const onClick = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button) pending = button;
      load();
    };
    const detach = () => {
      nav.removeEventListener('pointerover', load);
      nav.removeEventListener('focusin', load);
      nav.removeEventListener('click', onClick);
    };
    nav.addEventListener('pointerover', load);
    nav.addEventListener('focusin', load);
    nav.addEventListener('click', onClick);
    return detach;
  }, []);
  return <template ref={marker} />;
}
