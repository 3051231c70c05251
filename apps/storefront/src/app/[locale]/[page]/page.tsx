import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cacheTags } from '../../../caching/cache-tags';
import { tagPage } from '../../../caching/page-tags';
import { ContentPage } from '../../../content-pages/content-page';
import { getRouteContent } from '../../../data/routes';
import { localeFromSegment } from '../../../routing/locales';
import { pageMetadata } from '../../../shell/shell-metadata';

interface ContentRouteProps {
  params: Promise<{ locale: string; page: string }>;
}

const pathOf = (page: string) => `/${decodeURIComponent(page)}`;

/** Rendered on a path's first request, then cached (see the locale layout's generateStaticParams). */
export function generateStaticParams(): { page: string }[] {
  return [];
}

export async function generateMetadata({ params }: ContentRouteProps): Promise<Metadata> {
  const { locale: segment, page } = await params;
  const locale = localeFromSegment(segment);
  return locale ? pageMetadata(locale, pathOf(page)) : {};
}

/**
 * Any one-segment path whose route item has a body (sections) is a content page: pages with their own
 * folder (search, projects, …) take precedence, and a route without sections, or no route, is a 404. The
 * 404 carries the route's tag too, so a page an editor adds later replaces it.
 */
export default async function ContentRoute({ params }: ContentRouteProps) {
  const { locale: segment, page } = await params;
  const locale = localeFromSegment(segment);
  if (!locale) notFound();
  const path = pathOf(page);
  await tagPage([cacheTags.contentItem('route', locale, path)]);
  const route = await getRouteContent(locale, path);
  if (!route || route.sections.length === 0) notFound();
  return <ContentPage route={route} />;
}
