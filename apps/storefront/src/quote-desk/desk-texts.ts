import type { Translate } from '../i18n/translator';

/** The texts of the desk's client components, in the seller's language (the page's dictionary). */
export function pricingTexts(t: Translate) {
  return {
    headerLegend: t('quoteDesk.terms.legend'),
    assignee: t('quoteDesk.assignee'),
    nobody: t('quoteDesk.rep.none'),
    freight: t('quoteDesk.freight'),
    validUntil: t('quoteDesk.validUntil'),
    validUntilHint: t('quoteDesk.validUntilHint'),
    terms: t('quoteDesk.terms'),
    internalNote: t('quoteDesk.internalNote'),
    internalNoteHint: t('quoteDesk.internalNoteHint'),
    linesTitle: t('quoteDesk.lines'),
    quantity: t('sales.quantity'),
    listPrice: t('quoteDesk.listPrice'),
    breakFrom: t('quoteDesk.breakFrom'),
    discount: t('quoteDesk.discount'),
    net: t('quoteDesk.netPrice'),
    priceHint: t('quoteDesk.priceHint'),
    unitPrice: t('quoteDesk.unitPrice'),
    lineTotal: t('quoteDesk.lineTotal'),
    lead: t('quoteDesk.leadTime'),
    substitute: t('quoteDesk.substitute'),
    substituteHint: t('quoteDesk.substituteHint'),
    substituteFound: t('quoteDesk.substituteFound'),
    substituteUnknown: t('quoteDesk.error.unknownProduct'),
    substitutePrice: t('quoteDesk.substitutePrice'),
    note: t('quoteDesk.lineNote'),
    totalsTitle: t('quoteDesk.totals'),
    listSubtotal: t('quoteDesk.listSubtotal'),
    discountTotal: t('quoteDesk.discountTotal'),
    subtotal: t('quoteDesk.subtotal'),
    total: t('quoteDesk.total'),
    totalsHint: t('quoteDesk.totalsHint'),
    save: t('quoteDesk.save'),
    saving: t('quoteDesk.saving'),
    readOnly: t('quoteDesk.readOnly'),
  };
}
export type PricingTexts = ReturnType<typeof pricingTexts>;
