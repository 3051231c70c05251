import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { localeOrDefault } from '../../routing/locales';
import { shellMetadata } from '../../shell/shell-metadata';
import { SiteShell } from '../../shell/site-shell';
import '../global.css';

interface LocaleLayoutProps {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: LocaleLayoutProps): Promise<Metadata> {
  return shellMetadata(localeOrDefault((await params).locale));
}

/** The root layout of every page in a locale (`/fr-ca/…`, and `/en-us/…` behind unprefixed URLs). */
export default async function LocaleLayout({ children, params }: LocaleLayoutProps) {
  return <SiteShell locale={localeOrDefault((await params).locale)}>{children}</SiteShell>;
}
