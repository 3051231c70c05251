'use client';

import { useId, useState } from 'react';
import { LoginPrompt } from '../auth/login-prompt';
import { readCookie } from '../browser/cookies';
import { DEFAULT_LOCALE, localizedPath, splitLocalePath } from '../routing/locales';
import { loginStatusFromToken } from '../tracking/login-status';
import { MAX_PROJECT_QUANTITY, PRODUCT_PERSIST_KEY, withPendingItem } from './project-persist';
import { parseDecimal } from './quantities';

export interface AddToProjectTexts {
  quantity: string;
  addToProject: string;
  /** With {sku} and {quantity}. */
  added: string;
  /** With {max}. */
  quantityInvalid: string;
  loginTitle: string;
  loginMessage: string;
  login: string;
  close: string;
}

interface AddToProjectProps {
  sku: string;
  /** The calculator proposing the product. */
  source: string;
  texts: AddToProjectTexts;
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );

/**
 * "Add to project" beside a product a calculator proposes. Logged out (no valid UserToken, spec §4), it
 * opens the unauthenticated prompt; logged in, it keeps the product and quantity in `productPersist` for
 * the project pages and says so. Login state is read here in the browser: the page is the same for all.
 */
export function AddToProject({ sku, source, texts }: AddToProjectProps) {
  const id = useId();
  const [prompting, setPrompting] = useState(false);
  const [quantity, setQuantity] = useState('1');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const add = () => {
    if (loginStatusFromToken(readCookie('UserToken'), Date.now()) !== 'logged in') {
      setMessage(null);
      setPrompting(true);
      return;
    }
    const value = parseDecimal(quantity);
    if (value === null || !Number.isInteger(value) || value < 1 || value > MAX_PROJECT_QUANTITY) {
      setMessage({ text: fill(texts.quantityInvalid, { max: MAX_PROJECT_QUANTITY }), error: true });
      return;
    }
    const stored = window.localStorage.getItem(PRODUCT_PERSIST_KEY);
    window.localStorage.setItem(
      PRODUCT_PERSIST_KEY,
      withPendingItem(stored, { productId: sku, quantity: value, source }),
    );
    setMessage({ text: fill(texts.added, { sku, quantity: value }), error: false });
  };

  return (
    <div className="add-to-project">
      <label className="add-to-project__quantity" htmlFor={`${id}-quantity`}>
        {texts.quantity}
      </label>
      <input
        id={`${id}-quantity`}
        className="form-field__input add-to-project__input"
        type="text"
        inputMode="numeric"
        value={quantity}
        onChange={(event) => setQuantity(event.target.value)}
        aria-invalid={message?.error ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
      />
      <button type="button" className="button add-to-project__button" onClick={add} data-sku={sku}>
        {texts.addToProject}
      </button>
      <p
        id={`${id}-message`}
        className={message?.error ? 'form-field__error' : 'add-to-project__added'}
        role="status"
      >
        {message?.text}
      </p>
      {prompting && (
        <LoginPrompt
          texts={{
            title: texts.loginTitle,
            message: texts.loginMessage,
            login: texts.login,
            close: texts.close,
          }}
          loginHref={loginHrefHere()}
          onClose={() => setPrompting(false)}
        />
      )}
    </div>
  );
}

/** The login page of this page's locale, coming back here afterwards. */
function loginHrefHere(): string {
  const { pathname, search } = window.location;
  const locale = splitLocalePath(pathname).locale ?? DEFAULT_LOCALE;
  return `${localizedPath(locale, '/login')}?${new URLSearchParams({ redirectURI: `${pathname}${search}` })}`;
}
