'use client';

import { useEffect, useRef } from 'react';
import { localeFromSegmentIgnoringCase } from '../routing/locales';
import { RECOMMENDATION_RFK_ID } from './recommendation-request';
import { RecommendationSection, type RecommendationTexts } from './recommendation-section';
import { fillRecommendationSlots } from './recommendation-slots';

interface EmptyProjectRecommendationsProps {
  locale: string;
  texts: { recent: RecommendationTexts; trending: RecommendationTexts };
}

/**
 * What an empty project offers to start from: the visitor's recently viewed products and the trending
 * ones. The project screen renders in the browser, so the widgets are filled when this mounts.
 */
export function EmptyProjectRecommendations({ locale, texts }: EmptyProjectRecommendationsProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const code = localeFromSegmentIgnoringCase(locale);
    if (!code || !box.current) return undefined;
    return fillRecommendationSlots(code, box.current);
  }, [locale]);
  return (
    <div ref={box} className="project__recommendations">
      <RecommendationSection rfkId={RECOMMENDATION_RFK_ID.recentlyViewed} texts={texts.recent} />
      <RecommendationSection rfkId={RECOMMENDATION_RFK_ID.trending} texts={texts.trending} />
    </div>
  );
}
