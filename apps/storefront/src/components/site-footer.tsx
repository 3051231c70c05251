import type { LocaleCode, SiteContent } from '@catalogue/dataset/model';
import type { Translate } from '../i18n/translator';
import { contentLinkHref, isExternalHref } from '../routing/catalogue-paths';
import { withRegisteredMark } from '../text/registered-mark';

interface SiteFooterProps {
  locale: LocaleCode;
  site: SiteContent;
  t: Translate;
  year: number;
}

/** The content info: the site's link columns and the copyright line. */
export function SiteFooter({ locale, site, t, year }: SiteFooterProps) {
  return (
    <footer className="site-footer">
      <div className="container">
        {site.footerColumns.length > 0 && (
          <div className="site-footer__columns">
            {site.footerColumns.map((column) => (
              <section key={column.titleKey} className="site-footer__column">
                <h2 className="site-footer__title">{t(column.titleKey)}</h2>
                <ul>
                  {column.links.map((link) => {
                    const href = contentLinkHref(locale, link.href);
                    return (
                      <li key={`${link.labelKey} ${link.href}`}>
                        <a href={href} rel={isExternalHref(href) ? 'noopener' : undefined}>
                          {t(link.labelKey)}
                        </a>
                      </li>
                    );
                  })}
                </ul>
              </section>
            ))}
          </div>
        )}
        <p className="site-footer__copyright">
          {withRegisteredMark(t('footer.copyright', { year, siteName: site.name }))}
        </p>
      </div>
    </footer>
  );
}
