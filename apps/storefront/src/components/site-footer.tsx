import type { LocaleCode } from '@catalogue/dataset/model';
import type { FooterContent } from '../data/content';
import { contentLinkHref, isExternalHref } from '../routing/catalogue-paths';
import { withRegisteredMark } from '../text/registered-mark';

interface SiteFooterProps {
  locale: LocaleCode;
  footer: FooterContent;
  year: number;
}

/** A link of the content: site paths in the page's locale, outside links with rel="noopener". */
function ContentLink({ locale, href, label }: { locale: LocaleCode; href: string; label: string }) {
  const target = contentLinkHref(locale, href);
  return (
    <a href={target} rel={isExternalHref(target) ? 'noopener' : undefined}>
      {label}
    </a>
  );
}

/** The content info from the content service: link columns, contact, social links, legal text, copyright. */
export function SiteFooter({ locale, footer, year }: SiteFooterProps) {
  return (
    <footer className="site-footer">
      <div className="container">
        {footer.columns.length > 0 && (
          <div className="site-footer__columns">
            {footer.columns.map((column) => (
              <section key={column.title} className="site-footer__column">
                <h2 className="site-footer__title">{column.title}</h2>
                <ul>
                  {column.links.map((link) => (
                    <li key={`${link.label} ${link.href}`}>
                      <ContentLink locale={locale} href={link.href} label={link.label} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
        <p className="site-footer__contact">
          <a href={`tel:${footer.contact.phone.replace(/[^\d+]/g, '')}`}>{footer.contact.phone}</a>
          {' · '}
          <a href={`mailto:${footer.contact.email}`}>{footer.contact.email}</a>
        </p>
        {footer.socialLinks.length > 0 && (
          <ul className="site-footer__social">
            {footer.socialLinks.map((link) => (
              <li key={link.network}>
                <ContentLink locale={locale} href={link.href} label={link.label} />
              </li>
            ))}
          </ul>
        )}
        <p className="site-footer__legal">{withRegisteredMark(footer.legalText)}</p>
        <p className="site-footer__copyright">
          {withRegisteredMark(footer.copyright.replaceAll('{year}', String(year)))}
        </p>
      </div>
    </footer>
  );
}
