import type { LocaleCode } from '@catalogue/dataset/model';
import type { LoginPromptTexts } from '../auth/login-prompt';
import type { ProductDetail } from '../data/product-shapes';
import type { Translate } from '../i18n/translator';
import { GatedDownload } from './gated-download';
import { fileOffer, PRODUCT_FILES, type ProductFileName, productFileHref } from './product-files';

interface DownloadsProps {
  locale: LocaleCode;
  product: ProductDetail;
  loginHref: string;
  prompt: LoginPromptTexts;
  t: Translate;
}

const FILES: ProductFileName[] = ['spec-sheet.pdf', 'cad.dxf', 'bim.ifc', 'master-spec.docx'];

/**
 * The SKU's files: the spec sheet for everyone, CAD, BIM and the master specification behind the login
 * prompt (spec §5). A kind of file the product does not have is shown disabled.
 */
export function Downloads({ locale, product, loginHref, prompt, t }: DownloadsProps) {
  return (
    <ul className="downloads">
      {FILES.map((file) => {
        const offer = fileOffer(product, file);
        const label = t(PRODUCT_FILES[file].labelKey);
        const href = productFileHref(locale, product.id, file);
        return (
          <li key={file} className="downloads__item" data-file={file}>
            {!offer.available ? (
              <>
                <span className="download-link download-link--disabled" aria-disabled="true">
                  {label}
                </span>{' '}
                <span className="download-link__hint">{t('product.noFiles')}</span>
              </>
            ) : offer.requiresLogin ? (
              <>
                <GatedDownload href={href} label={label} loginHref={loginHref} prompt={prompt} />{' '}
                <span className="download-link__hint when-visitor">{t('product.loginRequired')}</span>
              </>
            ) : (
              <a className="download-link" href={href} download>
                {label}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
