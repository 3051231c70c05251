import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { localeOrDefault } from '../../routing/locales';
import { shellMetadata } from '../../shell/shell-metadata';
import { SiteShell } from '../../shell/site-shell';
import '../global.css';
import '../content-pages.css';

interface LocaleLayoutProps {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}

/**
 * No locale is rendered at build time (there is no database then), and every page below is rendered on its
 * first request and then kept in the page cache until something it shows changes (caching/, the server's
 * page-cache/): an empty list here turns on that on-demand caching for the whole locale segment.
 */
export function generateStaticParams(): { locale: string }[] {
  return [];
}

export async function generateMetadata({ params }: LocaleLayoutProps): Promise<Metadata> {
  return shellMetadata(localeOrDefault((await params).locale));
}

/** The root layout of every page in a locale (`/fr-ca/…`, and `/en-us/…` behind unprefixed URLs). */
export default async function LocaleLayout({ children, params }: LocaleLayoutProps) {
  return <SiteShell locale={localeOrDefault((await params).locale)}>{children}</SiteShell>;
}
