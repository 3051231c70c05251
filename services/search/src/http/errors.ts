/** Sitecore Search's error object (docs/search-wire.md): `{code, type, message, severity, details}`. */
export interface SearchError {
  code: number;
  type: string;
  message: string;
  severity: 'low' | 'medium' | 'high';
  details?: Record<string, unknown>;
}

export function errorResponse(
  status: number,
  errors: SearchError[],
  headers?: Record<string, string>,
): Response {
  return Response.json({ ts: Date.now(), errors }, { status, ...(headers ? { headers } : {}) });
}
