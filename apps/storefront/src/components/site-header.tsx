import type { LocaleCode } from '@catalogue/dataset/model';
import Link from 'next/link';
import { ACCOUNT_LINK_TEXT_KEYS } from '../account/account-links';
import { accountLinkHrefs } from '../account/account-menu-links';
import { AccountMenu } from '../auth/account-menu';
import { SessionWatcher } from '../auth/session-watcher';
import type { MenuCategory } from '../data/category-menu';
import { FavouritesLink } from '../favourites/favourites-link';
import type { Translate } from '../i18n/translator';
import { ProjectsLink } from '../projects/projects-link';
import { categoryPath } from '../routing/catalogue-paths';
import { localizedPath } from '../routing/locales';
import { withRegisteredMark } from '../text/registered-mark';
import { UnitToggle } from '../units/unit-toggle';
import { CategoryMenu, type MenuLink } from './category-menu';
import { FoldButton } from './fold-button';
import { LocaleSwitcher, type RegionOption } from './locale-switcher';
import { SearchBox } from './search-box';
import { SiteLogoMark } from './site-logo';

interface SiteHeaderProps {
  locale: LocaleCode;
  siteName: string;
  menu: MenuCategory[];
  regions: RegionOption[];
  /** Site locale → identity-provider locale, for POST /api/dynamicURL. */
  loginLocalesMapping: Readonly<Record<string, string>>;
  t: Translate;
}

const TOOLS_ID = 'site-tools';
const MAIN_NAV_ID = 'main-nav';

/**
 * The banner: brand, search, projects link (logged-in users), favourites link, units toggle (where the locale has one), language-and-region
 * menu, account, and the main navigation with each top-level category's sub-category panel. On a narrow
 * screen (issue 22 item 13) the tools and the navigation fold behind a Menu button (`FoldButton`), so the
 * banner is the brand, the button and the search field, and the open menu lists every top category.
 */
export function SiteHeader({ locale, siteName, menu, regions, loginLocalesMapping, t }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <Link className="site-header__brand" href={localizedPath(locale, '/')} prefetch={false}>
          <SiteLogoMark />
          <span className="site-header__name">{withRegisteredMark(siteName)}</span>
        </Link>
        <FoldButton
          controls={`${TOOLS_ID} ${MAIN_NAV_ID}`}
          container="site-header"
          className="site-header__menu-button"
        >
          <span className="site-header__menu-icon" aria-hidden="true" />
          {t('header.menu')}
        </FoldButton>
        <SearchBox locale={locale} t={t} preview />
        <div id={TOOLS_ID} className="site-header__tools">
          <SessionWatcher />
          <ProjectsLink href={localizedPath(locale, '/projects')} label={t('nav.projects')} />
          <FavouritesLink href={localizedPath(locale, '/favourites')} label={t('nav.favourites')} />
          <UnitToggle
            label={t('units.toggle')}
            metricLabel={t('units.metric')}
            imperialLabel={t('units.imperial')}
          />
          <LocaleSwitcher
            current={locale}
            regions={regions}
            label={t('header.languageRegion')}
            toggleLabel={t('header.localeSwitcher')}
          />
          <AccountMenu
            loginHref={localizedPath(locale, '/login')}
            loginLocalesMapping={loginLocalesMapping}
            linkHrefs={accountLinkHrefs(locale)}
            texts={{
              login: t('header.login'),
              logout: t('header.logout'),
              account: t('header.account'),
              loggedInAs: t('login.loggedInAs'),
              roleLabel: t('login.roleLabel'),
              links: {
                account: t(ACCOUNT_LINK_TEXT_KEYS.account),
                projects: t(ACCOUNT_LINK_TEXT_KEYS.projects),
                quotes: t(ACCOUNT_LINK_TEXT_KEYS.quotes),
                sales: t(ACCOUNT_LINK_TEXT_KEYS.sales),
              },
              linksLabel: t('account.links.menu'),
            }}
          />
        </div>
      </div>
      {menu.length > 0 && (
        <CategoryMenu id={MAIN_NAV_ID} label={t('nav.main')} categories={menuLinks(locale, menu)} />
      )}
    </header>
  );
}

function menuLinks(locale: LocaleCode, categories: MenuCategory[]): MenuLink[] {
  return categories.map((category) => ({
    id: category.id,
    name: category.name,
    href: categoryPath(locale, category.slugs),
    children: menuLinks(locale, category.children),
  }));
}
