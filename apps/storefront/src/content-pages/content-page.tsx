import type { ReactNode } from 'react';
import type { RouteContent } from '../data/routes';

/**
 * A content page (about, careers, contact, legal pages): the route item's title, intro and sections, all
 * from the content service, so an editor changes them without code. `children` goes below the sections
 * (the cookie page's choices).
 */
export function ContentPage({ route, children }: { route: RouteContent; children?: ReactNode }) {
  return (
    <div className="container section content-page">
      <header className="page-header">
        <h1 className="page-header__title">{route.title}</h1>
        <p className="page-header__intro">{route.intro}</p>
      </header>
      {route.sections.map((section) => (
        <section key={section.heading} className="content-page__section">
          <h2 className="section__title">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      {children}
    </div>
  );
}
