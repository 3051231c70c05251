import Link from 'next/link';
import type { Translate } from '../i18n/translator';
import { formatTime12h } from '../text/time-format';

/** A submitted date as `Nov 22, 2026, 3:45 PM UTC` in the page's language (12-hour time, spec §9). */
export function SubmittedDate({ iso, language }: { iso: string; language: string }) {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return <>–</>;
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  return (
    <time dateTime={date.toISOString()}>
      {day}, {formatTime12h(date, 'UTC')} UTC
    </time>
  );
}

/** What a signed-in buyer (or supplier) sees instead of the inbox: the reason and a way to switch user. */
export function SalesForbidden({ t, loginHref }: { t: Translate; loginHref: string }) {
  return (
    <div className="container section">
      <header className="page-header">
        <h1 className="page-header__title">{t('sales.title')}</h1>
      </header>
      <section className="panel sales__forbidden" role="alert">
        <p>{t('sales.forbidden')}</p>
        <p>
          <Link href={loginHref} prefetch={false}>
            {t('sales.login')}
          </Link>
        </p>
      </section>
    </div>
  );
}
