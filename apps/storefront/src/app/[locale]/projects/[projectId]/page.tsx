import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getDictionary } from '../../../../data/content';
import { getRouteContent } from '../../../../data/routes';
import { createTranslator } from '../../../../i18n/translator';
import { loginHref } from '../../../../product/toolbar-links';
import { ProjectFilesPanel } from '../../../../projects/file-actions/project-files-panel';
import { fileActionTexts } from '../../../../projects/file-actions/texts';
import { projectPageData } from '../../../../projects/project-page-data';
import { ProjectScreen } from '../../../../projects/project-screen';
import { localeFromSegment, localizedPath } from '../../../../routing/locales';
import { pageMetadata } from '../../../../shell/shell-metadata';

interface ProjectPageProps {
  params: Promise<{ locale: string; projectId: string }>;
}

function projectIdOf(segment: string): string | null {
  try {
    const id = decodeURIComponent(segment);
    return id && id.length <= 100 ? id : null;
  } catch {
    return null;
  }
}

export async function generateMetadata({ params }: ProjectPageProps): Promise<Metadata> {
  const { locale: segment, projectId } = await params;
  const locale = localeFromSegment(segment);
  const id = projectIdOf(projectId);
  return locale && id ? pageMetadata(locale, `/projects/${encodeURIComponent(id)}`) : {};
}

/**
 * `/projects/{id}`: one of the user's projects with its worksheet. The server renders the page's frame
 * and texts only (no cookies, nothing per user); the project is read and changed in the browser with the
 * user's token (`ProjectScreen`), so another user's or a visitor's request shows nothing of it.
 */
export default async function ProjectPage({ params }: ProjectPageProps) {
  const { locale: segment, projectId } = await params;
  const locale = localeFromSegment(segment);
  const id = projectIdOf(projectId);
  if (!locale || !id) notFound();
  const [route, data, dictionary] = await Promise.all([
    getRouteContent(locale, '/projects'),
    projectPageData(locale),
    getDictionary(locale),
  ]);
  if (!route) notFound();
  const projectsPath = localizedPath(locale, '/projects');
  return (
    <div className="container section projects">
      <header className="page-header">
        <h1 className="page-header__title">{route.title}</h1>
      </header>
      <ProjectScreen
        projectId={id}
        locale={locale}
        language={data.info.language}
        projectsPath={projectsPath}
        productHref={localizedPath(locale, '/product/{id}')}
        loginHref={loginHref(locale, `${projectsPath}/${encodeURIComponent(id)}`)}
        texts={data.texts}
      />
      <ProjectFilesPanel
        projectId={id}
        locale={segment}
        texts={fileActionTexts(createTranslator(dictionary))}
      />
    </div>
  );
}
