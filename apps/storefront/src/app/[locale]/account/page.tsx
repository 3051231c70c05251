import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import {
  changePasswordAction,
  deleteAddressAction,
  saveAddressAction,
  updateProfileAction,
} from '../../../account/account-actions';
import { type AccountData, loadAccount } from '../../../account/account-data';
import { AddressForm, DeleteAddressForm, PasswordForm, ProfileForm } from '../../../account/account-forms';
import { AccountLinks } from '../../../account/account-links';
import { accountSession } from '../../../account/account-session';
import { SAVED_PARTS, type SavedPart } from '../../../account/account-state';
import { accountFormTexts } from '../../../account/account-texts';
import { countryOptions, defaultCountry } from '../../../account/address-countries';
import { SessionRenewal } from '../../../account/session-renewal';
import { getDictionary, getLocaleInfo, getSiteName } from '../../../data/content';
import { createTranslator } from '../../../i18n/translator';
import { loginHref } from '../../../product/toolbar-links';
import { localeFromSegment, localizedPath } from '../../../routing/locales';
import { pageMetadata } from '../../../shell/shell-metadata';

/** Per user (their token from the UserToken cookie): never cached. */
export const dynamic = 'force-dynamic';

interface AccountPageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  if (!locale) return {};
  const t = createTranslator(await getDictionary(locale));
  return {
    ...(await pageMetadata(locale, '/account')),
    title: { absolute: t('nav.account') },
    robots: { index: false, follow: false },
  };
}

/**
 * `/account` (issue 22 item 16): the signed-in user's profile (names, current role, phone), company
 * (read-only), addresses (buyers: add, edit, delete through `/me/addresses`), password change, and their
 * links — projects and quote requests for buyers, the sales inbox for the seller's staff (who never get
 * buyer links that would answer 403). Visitors go to the login page and come back.
 */
export default async function AccountPage({ params, searchParams }: AccountPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const [dictionary, info, session, query] = await Promise.all([
    getDictionary(locale),
    getLocaleInfo(locale),
    accountSession(),
    searchParams,
  ]);
  const t = createTranslator(dictionary);
  const here = localizedPath(locale, '/account');
  const login = loginHref(locale, here);
  const title = (
    <header className="page-header">
      <h1 className="page-header__title">{t('nav.account')}</h1>
      <p className="page-header__intro">{t('account.intro')}</p>
    </header>
  );
  if (session.kind === 'visitor') redirect(login);
  if (session.kind === 'renewable') {
    return (
      <div className="container section account">
        {title}
        <SessionRenewal text={t('account.renewing')} loginHref={login} login={t('header.login')} />
      </div>
    );
  }
  const data: AccountData = await loadAccount(session.token, session.account);
  const siteName = session.account === 'seller' ? await getSiteName(locale) : null;
  const savedParam = Array.isArray(query.saved) ? query.saved[0] : query.saved;
  const saved = (SAVED_PARTS as readonly string[]).includes(savedParam ?? '')
    ? (savedParam as SavedPart)
    : null;
  const texts = accountFormTexts(t);
  const countries = countryOptions(info.language);
  const notice = (part: SavedPart | SavedPart[]) =>
    saved && ([] as SavedPart[]).concat(part).includes(saved) ? (
      <p className="form-success" role="status">
        {t(`account.saved.${saved}`)}
      </p>
    ) : null;
  return (
    <div className="container section account">
      {title}
      <AccountLinks locale={locale} account={session.account} t={t} />
      <section className="panel account__section" id="profile" aria-labelledby="account-profile-title">
        <h2 id="account-profile-title" className="section__title">
          {t('account.profile.title')}
        </h2>
        {notice('profile')}
        <ProfileForm
          texts={texts}
          action={updateProfileAction.bind(null, locale)}
          values={data.profile}
          email={data.email}
          roleLocked={data.roleVerified}
        />
      </section>
      <section className="panel account__section" id="company" aria-labelledby="account-company-title">
        <h2 id="account-company-title" className="section__title">
          {t('account.company.title')}
        </h2>
        <p className="account__company">{data.company ?? siteName ?? '–'}</p>
        <p className="form-field__hint">
          {session.account === 'seller' ? t('account.company.seller') : t('account.company.note')}
        </p>
      </section>
      {data.addresses && (
        <section className="panel account__section" id="addresses" aria-labelledby="account-addresses-title">
          <h2 id="account-addresses-title" className="section__title">
            {t('account.addresses.title')}
          </h2>
          {notice(['addressAdded', 'addressSaved', 'addressDeleted'])}
          {data.addresses.length === 0 ? (
            <p>{t('account.addresses.empty')}</p>
          ) : (
            <ul className="account__addresses">
              {data.addresses.map((address) => {
                const name = address.addressName || `${address.street1}, ${address.city}`;
                return (
                  <li key={address.id} className="account__address" data-address-id={address.id}>
                    <h3 className="account__address-name">{name}</h3>
                    <p className="account__address-lines">
                      {[
                        address.companyName,
                        address.street1,
                        address.street2,
                        `${address.zip} ${address.city}`.trim(),
                        address.state,
                        countries.find((c) => c.code === address.country)?.name ?? address.country,
                      ]
                        .filter(Boolean)
                        .join(', ')}
                    </p>
                    <details className="account__edit">
                      <summary>{t('account.addresses.edit', { name })}</summary>
                      <AddressForm
                        idPrefix={`address-${address.id}`}
                        texts={texts}
                        action={saveAddressAction.bind(null, locale, address.id)}
                        values={address}
                        countries={countries}
                        submitLabel={t('account.addresses.save')}
                      />
                    </details>
                    <DeleteAddressForm
                      label={t('account.addresses.delete', { name })}
                      action={deleteAddressAction.bind(null, locale, address.id)}
                    />
                  </li>
                );
              })}
            </ul>
          )}
          <details className="account__add" open={data.addresses.length === 0 || undefined}>
            <summary>{t('account.addresses.add')}</summary>
            <AddressForm
              idPrefix="address-new"
              texts={texts}
              action={saveAddressAction.bind(null, locale, null)}
              values={{
                addressName: '',
                companyName: data.company ?? '',
                street1: '',
                street2: '',
                city: '',
                state: '',
                zip: '',
                country: defaultCountry(info.region, info.language),
                phone: '',
              }}
              countries={countries}
              submitLabel={t('account.addresses.add')}
            />
          </details>
        </section>
      )}
      <section className="panel account__section" id="password" aria-labelledby="account-password-title">
        <h2 id="account-password-title" className="section__title">
          {t('account.password.title')}
        </h2>
        {notice('password')}
        <PasswordForm
          texts={texts}
          action={changePasswordAction.bind(null, locale)}
          username={data.username}
        />
      </section>
    </div>
  );
}
