'use client';

import { type ComponentProps, lazy, Suspense } from 'react';

export type { LoginPromptTexts } from './login-prompt';

const Prompt = lazy(() => import('./login-prompt').then((module) => ({ default: module.LoginPrompt })));

/**
 * The login prompt with its code (the modal dialog) loaded when a visitor first needs it: hearts,
 * add-to-project buttons and gated files are on every family and product page, the prompt only opens on a
 * visitor's click. Nothing shows while it loads (a few hundred bytes).
 */
export function LoginPrompt(props: ComponentProps<typeof Prompt>) {
  return (
    <Suspense fallback={null}>
      <Prompt {...props} />
    </Suspense>
  );
}
