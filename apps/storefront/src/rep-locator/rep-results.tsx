import type { Region } from '@catalogue/dataset/model';
import type { Territory } from '../data/territories';
import type { Translate } from '../i18n/translator';
import { telHref } from './tel-href';

interface RepResultsProps {
  region: Region;
  postalCode: string;
  territories: Territory[];
  t: Translate;
}

/** The territories serving a postal code and their representatives, or the "nobody serves it" message. */
export function RepResults({ region, postalCode, territories, t }: RepResultsProps) {
  return (
    <section className="rep-results" aria-labelledby="rep-results-title">
      <h2 id="rep-results-title" className="section__title">
        {t('repLocator.resultsTitle', { postalCode })}
      </h2>
      {territories.length === 0 ? (
        <p className="rep-results__empty">{t('repLocator.noResults', { postalCode })}</p>
      ) : (
        territories.map((territory) => (
          <section key={territory.id} className="rep-territory" aria-labelledby={`territory-${territory.id}`}>
            <h3 id={`territory-${territory.id}`} className="rep-territory__name">
              {territory.name}
            </h3>
            <ul className="rep-list">
              {territory.reps.map((rep) => (
                <li key={rep.email} className="rep-card">
                  <p className="rep-card__name">{rep.name}</p>
                  <p className="rep-card__role">
                    {rep.title}, {rep.company}
                  </p>
                  <dl className="rep-card__contact">
                    <dt>{t('repLocator.email')}</dt>
                    <dd>
                      <a href={`mailto:${rep.email}`}>{rep.email}</a>
                    </dd>
                    <dt>{t('repLocator.phone')}</dt>
                    <dd>
                      <a href={telHref(rep.phone, region)}>{rep.phone}</a>
                    </dd>
                  </dl>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
