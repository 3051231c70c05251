import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getRouteContent } from '../../../data/routes';
import { loginHref } from '../../../product/toolbar-links';
import { projectPageData } from '../../../projects/project-page-data';
import { addToProjectSetup } from '../../../projects/project-texts';
import { ProjectsScreen } from '../../../projects/projects-screen';
import { localeFromSegment, localizedPath } from '../../../routing/locales';
import { pageMetadata } from '../../../shell/shell-metadata';

interface ProjectsPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: ProjectsPageProps): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  return locale ? pageMetadata(locale, '/projects') : {};
}

/**
 * `/projects`, `/fr-ca/projects`: the route's heading and intro, then the user's projects of the page's
 * region (spec §7), read in the browser with their token (`ProjectsScreen`). The page itself is the same
 * for every visitor and is cached per URL; a visitor is asked to log in by the client part.
 */
export default async function ProjectsPage({ params }: ProjectsPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const [route, data] = await Promise.all([getRouteContent(locale, '/projects'), projectPageData(locale)]);
  if (!route) notFound();
  const projectsPath = localizedPath(locale, '/projects');
  return (
    <div className="container section projects">
      <header className="page-header">
        <h1 className="page-header__title">{route.title}</h1>
        <p className="page-header__intro">{route.intro}</p>
      </header>
      <ProjectsScreen
        locale={locale}
        region={data.info.region}
        projectsPath={projectsPath}
        loginHref={loginHref(locale, projectsPath)}
        texts={data.texts}
        addSetup={addToProjectSetup(data.t, locale, data.info.region)}
      />
    </div>
  );
}
