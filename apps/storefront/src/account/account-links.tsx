import type { LocaleCode } from '@catalogue/dataset/model';
import Link from 'next/link';
import type { Translate } from '../i18n/translator';
import { type AccountLinkKey, accountLinkHrefs, type MenuUserKind, menuLinksFor } from './account-menu-links';

/** The dictionary key of each menu link's text. */
export const ACCOUNT_LINK_TEXT_KEYS: Record<AccountLinkKey, string> = {
  account: 'nav.account',
  projects: 'account.links.projects',
  quotes: 'account.links.quotes',
  sales: 'account.links.sales',
};

/** The account page's own menu: the user's links but the page itself (buyer's or seller's). */
export function AccountLinks({
  locale,
  account,
  t,
}: {
  locale: LocaleCode;
  account: MenuUserKind;
  t: Translate;
}) {
  const hrefs = accountLinkHrefs(locale);
  const links = menuLinksFor(account).filter((key) => key !== 'account');
  if (links.length === 0) return null;
  return (
    <nav
      className="panel account__links"
      aria-label={t(account === 'seller' ? 'account.links.seller' : 'account.links.title')}
    >
      <h2 className="section__title">
        {t(account === 'seller' ? 'account.links.seller' : 'account.links.title')}
      </h2>
      <ul>
        {links.map((key) => (
          <li key={key} data-link={key}>
            <Link href={hrefs[key]} prefetch={false}>
              {t(ACCOUNT_LINK_TEXT_KEYS[key])}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
