'use client';

import type { ProjectScreenTexts } from './project-texts';
import type { ProjectSession } from './use-project-session';

type NoticeTexts = Pick<ProjectScreenTexts, 'loading' | 'loadFailed' | 'visitor' | 'login'>;

/**
 * What the project screens show until the session is ready: a loading status, the visitor's login link,
 * or why the stored state could not be restored.
 */
export function SessionNotice({
  session,
  texts,
  loginHref,
}: {
  session: Exclude<ProjectSession, { status: 'ready' }>;
  texts: NoticeTexts;
  loginHref: string;
}) {
  if (session.status === 'visitor') {
    return (
      <div className="projects__visitor">
        <p>{texts.visitor}</p>
        <a className="button" href={loginHref}>
          {texts.login}
        </a>
      </div>
    );
  }
  if (session.status === 'failed') {
    return (
      <p className="projects__status" role="alert">
        {texts.loadFailed} ({session.message})
      </p>
    );
  }
  return (
    <p className="projects__status" role="status">
      {texts.loading}
    </p>
  );
}
